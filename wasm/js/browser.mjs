// The package as an ES module, for browsers and bundlers: wasm-bindgen's `web` glue fetches
// the module beside it (`new URL(..., import.meta.url)`, which bundlers follow), and the
// top-level await below finishes loading it before any importer runs, so no `init()` is due.
// The PGN reader is a second module, fetched only by `loadPgn()` (a dynamic import, which
// bundlers split off as well): `await loadPgn()` once, and `readPgn` answers from then on.
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
  canonical,
  convert,
  legalMoves,
  turns,
  play,
  positionKey,
  readPgn,
  loadPgn,
} = createApi(raw, {
  load: async () => {
    const pgn = await import('./web/fenkit_pgn.js');
    await pgn.default();
    return pgn;
  },
});
