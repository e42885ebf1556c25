// The WebAssembly package's speed beside the JavaScript peers, over the same 100,000 FENs
// (docs/performance.md, WebAssembly). A benchmark, not a test: run it with wasm/bench/run.
//
//   node wasm/bench/speed.mjs PACKAGE_DIR PEERS_DIR [ROUNDS]
//
// The FENs come from seeded random games played with chessops, so every run reads the same
// ones. Each round times one pass of every row over all of them, the rows back to back, so
// that a row and its peer see the same state of the machine; each row keeps its fastest round.
// Every pass folds its results into a checksum, which keeps the work from being optimised away.

import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const [packageDir, peersDir, roundsArg] = process.argv.slice(2);
if (!packageDir || !peersDir) {
  console.error('usage: node wasm/bench/speed.mjs PACKAGE_DIR PEERS_DIR [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 15);
const require = createRequire(join(resolve(peersDir), 'package.json'));
const fenkit = createRequire(import.meta.url)(resolve(packageDir, 'index.cjs'));
// chessops as an ES module (its CommonJS build does not load under Node 20).
const chessops = (name) => import(pathToFileURL(join(resolve(peersDir), 'node_modules/chessops/dist/esm', `${name}.js`)).href);
const { Chess: OpsChess } = await chessops('chess');
const { parseFen, makeFen } = await chessops('fen');
const { validateFen } = require('chess.js');

const COUNT = 100_000;

/** SplitMix64's output folded to 32 bits: a seeded stream of random numbers. */
function random(seed) {
  let state = BigInt(seed);
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) & 0xffffffffn) / 2 ** 32;
  };
}

/** `COUNT` FENs of positions from random legal games, each game at most 120 plies long. */
function corpus() {
  const next = random(20261126);
  const fens = [];
  while (fens.length < COUNT) {
    const position = OpsChess.default();
    for (let ply = 0; ply < 120 && fens.length < COUNT && !position.isEnd(); ply++) {
      const moves = [];
      for (const [from, dests] of position.allDests()) {
        for (const to of dests) moves.push({ from, to });
      }
      const move = moves[Math.floor(next() * moves.length)];
      const piece = position.board.get(move.from);
      const lastRank = (move.to >> 3) === 0 || (move.to >> 3) === 7;
      if (piece?.role === 'pawn' && lastRank) move.promotion = 'queen';
      position.play(move);
      fens.push(makeFen(position.toSetup()));
    }
  }
  return fens;
}

const fens = corpus();
const asFen = { notation: 'fen' };

// Where a call's time goes: the rows below take the boundary apart with the module's own
// exports (wasm/src/lib.rs), beside the API's calls. `input(1024)` asks for no more than the
// API's buffer already holds, so both write to the same place.
const raw = createRequire(import.meta.url)(resolve(packageDir, 'node/fenkit_wasm.js'));
fenkit.parseDfen(fens[0]);
const memory = raw.module_memory();
const at = raw.input(1024);
let bytes = new Uint8Array(memory.buffer);
const encoder = new TextEncoder();
function writeAscii(fen) {
  if (bytes.buffer !== memory.buffer) bytes = new Uint8Array(memory.buffer);
  for (let i = 0; i < fen.length; i++) bytes[at + i] = fen.charCodeAt(i);
  return fen.length;
}
const DFEN_SETTINGS = 1;

const rows = {
  'fenkit parseDfen': () => {
    let sum = 0;
    for (const fen of fens) sum += fenkit.parseDfen(fen).hasErrors ? 1 : 0;
    return sum;
  },
  'fenkit check (notation fen)': () => {
    let sum = 0;
    for (const fen of fens) sum += fenkit.check(fen, asFen).length;
    return sum;
  },
  // `canonical()` writes what `fenkit fmt -` writes, read by the notation engine (the second
  // module) in every notation of the table; `parseDfen(...).canonical` is the main module's.
  'fenkit canonical (notation fen)': () => {
    let sum = 0;
    for (const fen of fens) sum += fenkit.canonical(fen, asFen).length;
    return sum;
  },
  'fenkit parseDfen + canonical': () => {
    let sum = 0;
    for (const fen of fens) sum += fenkit.parseDfen(fen).canonical.length;
    return sum;
  },
  'text into memory, a JS loop': () => {
    let sum = 0;
    for (const fen of fens) sum += writeAscii(fen);
    return sum - sum;
  },
  'text into memory, encodeInto': () => {
    let sum = 0;
    for (const fen of fens) sum += encoder.encodeInto(fen, bytes.subarray(at, at + 1024)).written;
    return sum - sum;
  },
  'text in + parse in wasm, status back': () => {
    let sum = 0;
    for (const fen of fens) {
      if (bytes.buffer !== memory.buffer) bytes = new Uint8Array(memory.buffer);
      const { written } = encoder.encodeInto(fen, bytes.subarray(at, at + 1024));
      sum += raw.status(written, DFEN_SETTINGS, 0) & 1;
    }
    return sum;
  },
  'fenkit parseDfen + findings objects': () => {
    let sum = 0;
    for (const fen of fens) sum += fenkit.parseDfen(fen).findings.length - 1;
    return sum;
  },
  'chessops parseFen + Chess.fromSetup': () => {
    let sum = 0;
    for (const fen of fens) {
      const position = parseFen(fen).chain((setup) => OpsChess.fromSetup(setup));
      sum += position.isOk ? 0 : 1;
    }
    return sum;
  },
  'chess.js validateFen': () => {
    let sum = 0;
    for (const fen of fens) sum += validateFen(fen).ok ? 0 : 1;
    return sum;
  },
};

// The answers agree before anything is timed: every FEN is sound for all three.
const answers = Object.fromEntries(Object.entries(rows).map(([name, run]) => [name, run()]));
for (const name of ['fenkit parseDfen', 'fenkit check (notation fen)', 'text in + parse in wasm, status back', 'fenkit parseDfen + findings objects', 'chessops parseFen + Chess.fromSetup', 'chess.js validateFen']) {
  if (answers[name] !== 0) {
    console.error(`${name} rejected ${answers[name]} of the FENs`);
    process.exit(1);
  }
}

const best = Object.fromEntries(Object.keys(rows).map((name) => [name, Infinity]));
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(rows)) {
    const start = performance.now();
    run();
    best[name] = Math.min(best[name], performance.now() - start);
  }
}

console.log(`${COUNT} FENs, best of ${rounds} rounds, Node ${process.version}, fenkit ${fenkit.version}`);
for (const [name, ms] of Object.entries(best)) {
  console.log(`${name.padEnd(38)} ${ms.toFixed(2).padStart(9)} ms  ${((ms * 1e6) / COUNT).toFixed(0).padStart(6)} ns/FEN`);
}
const ratio = (peer, ours) => (best[peer] / best[ours]).toFixed(2);
const ratios = {
  parse_vs_chessops: ratio('chessops parseFen + Chess.fromSetup', 'fenkit parseDfen'),
  parse_vs_chessjs: ratio('chess.js validateFen', 'fenkit parseDfen'),
  check_vs_chessops: ratio('chessops parseFen + Chess.fromSetup', 'fenkit check (notation fen)'),
  check_vs_chessjs: ratio('chess.js validateFen', 'fenkit check (notation fen)'),
  canonical_vs_chessops: ratio('chessops parseFen + Chess.fromSetup', 'fenkit parseDfen + canonical'),
  canonical_vs_chessjs: ratio('chess.js validateFen', 'fenkit parseDfen + canonical'),
  canonical_call_vs_chessops: ratio('chessops parseFen + Chess.fromSetup', 'fenkit canonical (notation fen)'),
};
console.log(`RATIOS ${Object.entries(ratios).map(([k, v]) => `${k}=${v}`).join(' ')}`);
