'use strict';
// The package in CommonJS, for Node: wasm-bindgen's `nodejs` glue compiles and instantiates
// the module synchronously, so every function is ready to call once `require` returns.
const { createApi } = require('./core.cjs');

module.exports = createApi(require('./node/fenkit_wasm.js'));
