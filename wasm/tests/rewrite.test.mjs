// `canonical`, `convert` and `positionKey` rewrite a text as the command line rewrites standard
// input: for each line fed alone, `canonical` answers what `fenkit fmt -` writes and `convert`
// what `fenkit convert -` writes, in every notation of the table (EPD and Chess960 castling
// included), on the real files that check.test.mjs reads. A line that `fmt` leaves as written
// for an error is the `FenkitError` of that error; a line that `convert` refuses, the
// `FenkitError` of the refusal.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, fenkit as runFenkit, importPackage, loadCases } from './support.mjs';

const fenkit = await importPackage();
const { FenkitError } = fenkit;

const PER_FILE = 12;

/** The files of `dir` (under the repository) whose names pass `keep`. */
function files(dir, keep) {
  return readdirSync(join(ROOT, dir))
    .filter(keep)
    .sort()
    .map((name) => join(dir, name));
}

const fixtures = (kind, extension) =>
  ['valid', 'invalid'].flatMap((group) => files(`fixtures/${kind}/${group}`, (n) => n.endsWith(extension)));

/** Up to PER_FILE position lines of `file`, spread over it. */
function sample(file) {
  const lines = readFileSync(join(ROOT, file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !/^\s*[#%]/.test(line));
  const step = Math.max(1, Math.floor(lines.length / PER_FILE));
  return lines.filter((_, i) => i % step === 0).slice(0, PER_FILE);
}

/** The reading flags of `options`. */
function flags(options) {
  const args = [];
  if (options.notation) args.push('--notation', options.notation);
  if (options.variant) args.push('--variant', options.variant);
  if (options.chess960) args.push('--chess960');
  return args;
}

/** `call()`'s answer, or `{ code, written }` of the `FenkitError` it throws. */
function answered(call) {
  try {
    return call();
  } catch (error) {
    assert.ok(error instanceof FenkitError, String(error));
    return { code: error.code, written: error.written };
  }
}

// [files, options]: no `notation` sniffs as the command line does.
const FORMATTED = [
  [['tests/data/scalachess/mainline_fen.txt'], {}],
  [['tests/data/scalachess/mainline_fen.txt'], { notation: 'dfen' }],
  [files('tests/data/stockfish-books', (n) => n.endsWith('.epd')), { notation: 'epd' }],
  [['tests/data/stockfish-books/FRC_openings.epd'], { notation: 'epd', chess960: true }],
  [fixtures('epd', '.epd'), { notation: 'epd' }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { notation: 'fen', chess960: true }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { notation: 'fen' }],
  [fixtures('dfen', '.dfen'), { notation: 'dfen' }],
  [fixtures('dfen', '.dfen'), {}],
  [fixtures('fen4', '.fen4'), { notation: 'fen4' }],
  [fixtures('variants', '.fen').filter((f) => f.includes('threecheck')), { variant: 'threecheck' }],
  [fixtures('variants', '.fen').filter((f) => f.includes('crazyhouse')), { variant: 'crazyhouse' }],
  [fixtures('fen', '.fen'), { notation: 'fen' }],
];

describe('canonical writes what fenkit fmt - writes for each line alone', () => {
  for (const [group, options] of FORMATTED) {
    assert.ok(group.length > 0, `no files for ${JSON.stringify(options)}`);
    for (const file of group) {
      test(`${file} ${JSON.stringify(options)}`, () => {
        for (const line of sample(file)) {
          const text = `${line}\n`;
          const ours = answered(() => fenkit.canonical(text, options));
          const run = runFenkit(['fmt', '--quiet', '--color', 'never', ...flags(options), '-'], text);
          if (typeof ours === 'string') {
            assert.equal(run.status, 0, `${file}: ${line}: ${run.stderr}`);
            assert.equal(ours, run.stdout, `${file}: ${line}`);
          } else {
            // `fmt` leaves a line with an error as written, and reports that error.
            assert.equal(run.status, 1, `${file}: ${line}`);
            assert.equal(run.stdout, text, `${file}: ${line}`);
            assert.match(run.stderr, new RegExp(`^error\\[${ours.code}\\]`, 'm'), `${file}: ${line}`);
          }
        }
      });
    }
  }
});

// PGN games are formatted as a whole text: their `[FEN]` tags canonical and their movetext
// fixed, as `fmt --notation pgn -` does; a game with an error refuses the text, which `fmt`
// reports (exit 1).
describe('canonical of PGN games writes what fenkit fmt --notation pgn - writes', () => {
  const games = ['chesslib', 'faults', 'scalachess'].flatMap((dir) => files(`tests/data/pgn/${dir}`, (n) => n.endsWith('.pgn')));
  assert.ok(games.length > 0, 'no PGN files');
  for (const file of games) {
    test(file, () => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const ours = answered(() => fenkit.canonical(text, { notation: 'pgn' }));
      const run = runFenkit(['fmt', '--quiet', '--color', 'never', '--notation', 'pgn', '-'], text);
      if (typeof ours === 'string') {
        assert.equal(run.status, 0, `${file}: ${run.stderr}`);
        assert.equal(ours, run.stdout, file);
      } else {
        assert.equal(run.status, 1, file);
        assert.match(run.stderr, new RegExp(`^error\\[${ours.code}\\]`, 'm'), file);
      }
    });
  }
});

test('canonical of PGN games writes the conformance suite\'s canonical form of each accepted game', () => {
  const accepted = loadCases('pgn.jsonl').filter((item) => item.verdict === 'accept' && typeof item.raw === 'string');
  assert.ok(accepted.length > 0);
  for (const item of accepted) assert.equal(fenkit.canonical(item.raw, { notation: 'pgn' }), item.canonical, item.name);
});

// PGN games are converted as a whole text, each game projected as `fenkit convert --notation
// pgn --to X -` projects it: for every PGN file, each projection (and the final positions) is
// the command line's output; a file with an error in a game is the `FenkitError` of its first,
// which the command line reports (exit 1) after writing what was read.
describe('convert of PGN games writes what fenkit convert --notation pgn --to X - writes', () => {
  const games = ['chesslib', 'faults', 'scalachess', 'variants'].flatMap((dir) => files(`tests/data/pgn/${dir}`, (n) => n.endsWith('.pgn')));
  assert.ok(games.length > 0, 'no PGN files');
  const projections = [{ to: 'uci' }, { to: 'fen' }, { to: 'epd' }, { to: 'json' }, { to: 'fen', positions: 'final' }, { to: 'epd', positions: 'final' }];
  for (const file of games) {
    test(file, () => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const projection of projections) {
        const ours = answered(() => fenkit.convert(text, { notation: 'pgn', ...projection }));
        const args = ['convert', '--quiet', '--color', 'never', '--notation', 'pgn', '--to', projection.to];
        if (projection.positions) args.push('--positions', projection.positions);
        const run = runFenkit([...args, '-'], text);
        const what = `${file} ${JSON.stringify(projection)}`;
        if (typeof ours === 'string') {
          assert.equal(run.status, 0, `${what}: ${run.stderr}`);
          assert.equal(ours, text.endsWith('\n') ? run.stdout : run.stdout.replace(/\n$/, ''), what);
        } else {
          assert.equal(run.status, 1, what);
          assert.match(run.stderr, new RegExp(`^error\\[${ours.code}\\]`, 'm'), what);
          // What the command line writes all the same: one projection a game.
          assert.equal(ours.written, text.endsWith('\n') ? run.stdout : run.stdout.replace(/\n$/, ''), what);
        }
      }
    });
  }
});

test('convert of PGN games takes the projections of a game alone, and the options of the command line', () => {
  const text = '[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n9. g3 *\n';
  const shredder = fenkit.convert(text, { from: 'pgn', to: 'fen', castling: 'shredder', positions: 'final' });
  assert.match(shredder, / b HFhf - /);
  assert.match(fenkit.convert(text, { from: 'pgn', to: 'fen', positions: 'final' }), / b KQkq - /);
  assert.throws(() => fenkit.convert('1. e4 e5 *', { from: 'pgn', to: 'dfen' }), (error) => error instanceof RangeError && /expected one of uci, fen, epd, json, found "dfen"/.test(error.message));
  assert.throws(() => fenkit.convert('1. e4 e5 *', { from: 'pgn', to: 'fen', positions: 'last' }), { name: 'RangeError', message: /unknown positions "last"/ });
  assert.equal(fenkit.convert('1. e4 e5 *', { notation: 'pgn', to: 'uci' }), 'e2e4 e7e5');
});

// [files, options of `convert`, whether a valid file's lines convert]: `from` is `--from`, `to`
// is `--to`.
const CONVERTED = [
  [['tests/data/scalachess/mainline_fen.txt'], { to: 'epd' }],
  [['tests/data/scalachess/mainline_fen.txt'], { from: 'fen', to: 'json' }],
  [['tests/data/scalachess/mainline_fen.txt'], { to: 'dfen' }],
  [files('tests/data/stockfish-books', (n) => n.endsWith('.epd')), { from: 'epd', to: 'fen' }],
  [files('tests/data/stockfish-books', (n) => n.endsWith('.epd')), { from: 'epd', to: 'json' }],
  // Operations FEN cannot hold: refused (FENKIT013) unless lossy.
  [fixtures('epd', '.epd'), { from: 'epd', to: 'fen' }, false],
  [fixtures('epd', '.epd'), { from: 'epd', to: 'fen', lossy: true }],
  [['tests/data/stockfish-books/FRC_openings.epd'], { from: 'epd', to: 'fen', chess960: true }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { from: 'fen', to: 'epd', chess960: true }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { from: 'fen', to: 'fen', chess960: true, castling: 'shredder' }],
  [fixtures('dfen', '.dfen'), { from: 'dfen', to: 'fen' }],
  [fixtures('fen4', '.fen4'), { from: 'fen4', to: 'fen4-pieces' }],
  [fixtures('variants', '.fen').filter((f) => f.includes('threecheck')), { variant: 'threecheck', toDialect: 'lichess' }],
];

/** The flags of `convert`'s `options`. */
function convertFlags(options) {
  const args = flags(options);
  if (options.from) args.push('--from', options.from);
  if (options.to) args.push('--to', options.to);
  if (options.toDialect) args.push('--to-dialect', options.toDialect);
  if (options.castling) args.push('--castling', options.castling);
  if (options.lossy) args.push('--lossy');
  return args;
}

describe('convert writes what fenkit convert - writes for each line alone', () => {
  for (const [group, options, converts = true] of CONVERTED) {
    assert.ok(group.length > 0, `no files for ${JSON.stringify(options)}`);
    for (const file of group) {
      test(`${file} ${JSON.stringify(options)}`, () => {
        let converted = 0;
        for (const line of sample(file)) {
          const ours = answered(() => fenkit.convert(line, options));
          const run = runFenkit(['convert', '--quiet', '--color', 'never', ...convertFlags(options), '-'], `${line}\n`);
          if (typeof ours === 'string') {
            assert.equal(run.status, 0, `${file}: ${line}: ${run.stderr}`);
            assert.equal(`${ours}\n`, run.stdout, `${file}: ${line}`);
            converted += 1;
          } else {
            assert.equal(run.status, 1, `${file}: ${line}`);
            assert.equal(run.stdout, '', `${file}: ${line}`);
            assert.match(run.stderr, new RegExp(`^error\\[${ours.code}\\]`, 'm'), `${file}: ${line}`);
          }
        }
        if (converts && !file.includes('/invalid/')) assert.ok(converted > 0, `${file}: nothing converted`);
      });
    }
  }
});

describe('positionKey', () => {
  test('an EPD line has the key of its position, as a FEN line of it has', () => {
    const epd = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy";';
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    assert.equal(fenkit.positionKey(epd, { notation: 'epd' }), fenkit.positionKey(fen, { notation: 'fen' }));
  });

  test('a text of two positions has no one key', () => {
    const two = '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 w - - 0 1\n';
    assert.throws(() => fenkit.positionKey(two), { name: 'RangeError', message: /found a second on line 2/ });
  });
});

describe('names are the library\'s', () => {
  test('an unknown notation is refused in the words check uses, for each call', () => {
    let words;
    try {
      fenkit.check('x', { notation: 'pgnx' });
    } catch (error) {
      words = error.message;
    }
    assert.match(words, /unknown notation "pgnx"/);
    for (const call of [() => fenkit.canonical('x', { notation: 'pgnx' }), () => fenkit.positionKey('x', { notation: 'pgnx' })]) {
      assert.throws(call, (error) => error instanceof RangeError && error.message === words);
    }
    // `convert` reads forms (`--from`), the JSON forms among them.
    assert.throws(() => fenkit.convert('x', { from: 'pgnx', to: 'fen' }), { name: 'RangeError', message: /unknown format "pgnx": expected one of .*\bepd\b/ });
  });

  test('EPD reaches canonical, convert and positionKey', () => {
    const line = '4k3/8/8/8/8/8/8/4K3 w - - id  "x";';
    assert.equal(fenkit.canonical(line, { notation: 'epd' }), '4k3/8/8/8/8/8/8/4K3 w - - id "x";');
    assert.equal(fenkit.convert(line, { from: 'epd', to: 'fen', lossy: true }), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    assert.equal(fenkit.convert('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { to: 'epd' }), '4k3/8/8/8/8/8/8/4K3 w - -');
  });
});
