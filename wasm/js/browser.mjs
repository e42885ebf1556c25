// The package as an ES module, for browsers and bundlers: wasm-bindgen's `web` glue fetches
// the module beside it (`new URL(..., import.meta.url)`, which bundlers follow), and the
// top-level await below finishes loading it before any importer runs, so no `init()` is due.
// The notation engine (the library behind `check`, and the PGN reader) is a second module,
// fetched only by `loadEngine()` (a dynamic import, which bundlers split off as well): `await
// loadEngine()` once, and `check` and `readPgn` answer from then on. `loadPgn` is its older
// name.
import init, * as raw from './web/fenkit_wasm.js';
import { createApi } from './core.mjs';

await init();

export const {
  FenkitError,
  version,
  parseDfen,
  parseFen4,
  parseVariant,
  check,
  commentCommands,
  canonical,
  convert,
  legalMoves,
  turns,
  play,
  positionKey,
  readPgn,
  loadEngine,
  loadPgn,
} = createApi(raw, {
  load: async () => {
    const pgn = await import('./web/fenkit_pgn.js');
    await pgn.default();
    return pgn;
  },
});
