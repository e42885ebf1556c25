// The package as an ES module, for Node: the CommonJS entry re-exported, so that `import` and
// `require` in one program share one module instance (and one `FenkitError` class).
import fenkit from './index.cjs';

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
} = fenkit;
