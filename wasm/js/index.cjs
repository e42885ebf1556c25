'use strict';
// The package in CommonJS, for Node: wasm-bindgen's `nodejs` glue compiles and instantiates
// the module synchronously, so every function is ready to call once `require` returns. The
// PGN reader, a second module, is required the same way by the first call of `readPgn`.
const { createApi } = require('./core.cjs');

module.exports = createApi(require('./node/fenkit_wasm.js'), {
  loadSync: () => require('./node/fenkit_pgn.js'),
});
