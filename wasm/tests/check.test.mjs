// `check` gives, for each line fed alone, exactly the findings that `fenkit check -` gives for
// that line on standard input: the same codes, severities, messages, lines and columns. The
// lines come from the real files under tests/data (Stockfish's books, Chess960 in both castling
// spellings, lichess's FEN lines) and from the fixtures (DFEN, FEN4, three-check, crazyhouse),
// as python/tests/test_check.py feeds them to Python.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, fenkit as runFenkit, importPackage } from './support.mjs';

const fenkit = await importPackage();

const PER_FILE = 25;

/** The files of `dir` (under the repository) whose names pass `keep`. */
function files(dir, keep) {
  return readdirSync(join(ROOT, dir))
    .filter(keep)
    .sort()
    .map((name) => join(dir, name));
}

const fixtures = (kind, extension) =>
  ['valid', 'invalid'].flatMap((group) => files(`fixtures/${kind}/${group}`, (n) => n.endsWith(extension)));

// [files, options]: no `notation` sniffs as the command line does.
const CASES = [
  [['tests/data/scalachess/mainline_fen.txt'], {}],
  [['tests/data/scalachess/mainline_fen.txt'], { notation: 'fen' }],
  [files('tests/data/stockfish-books', (n) => n.endsWith('.epd')), { notation: 'epd' }],
  [['tests/data/stockfish-books/FRC_openings.epd'], { notation: 'epd', chess960: true }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { notation: 'fen', chess960: true }],
  [files('tests/data/chess960', (n) => n.endsWith('.fen')), { notation: 'fen' }],
  [fixtures('dfen', '.dfen'), { notation: 'dfen' }],
  [fixtures('dfen', '.dfen'), {}],
  [fixtures('fen4', '.fen4'), { notation: 'fen4' }],
  [fixtures('variants', '.fen').filter((f) => f.includes('threecheck')), { variant: 'threecheck' }],
  [fixtures('variants', '.fen').filter((f) => f.includes('crazyhouse')), { variant: 'crazyhouse' }],
  [fixtures('fen', '.fen'), { notation: 'fen' }],
];

/** Up to PER_FILE position lines of `file`, spread over it. */
function sample(file) {
  const lines = readFileSync(join(ROOT, file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !/^\s*[#%]/.test(line));
  const step = Math.max(1, Math.floor(lines.length / PER_FILE));
  return lines.filter((_, i) => i % step === 0).slice(0, PER_FILE);
}

/** The flags of `options`. */
function flags(options) {
  const args = [];
  if (options.notation) args.push('--notation', options.notation);
  if (options.variant) args.push('--variant', options.variant);
  if (options.chess960) args.push('--chess960');
  return args;
}

describe('check gives the findings fenkit check gives for each line alone', () => {
  for (const [group, options] of CASES) {
    assert.ok(group.length > 0, `no files for ${JSON.stringify(options)}`);
    for (const file of group) {
      test(`${file} ${JSON.stringify(options)}`, () => {
        let withFindings = 0;
        for (const line of sample(file)) {
          const text = `${line}\n`;
          const found = fenkit
            .check(text, options)
            .map((f) => [f.code, f.severity, f.message, f.line, f.column]);
          const run = runFenkit(['check', ...flags(options), '--output-format', 'json', '-'], text);
          assert.ok(run.status === 0 || run.status === 1, run.stderr);
          const expected = JSON.parse(run.stdout).diagnostics.map((d) => [d.code, d.severity, d.message, d.line, d.column - 1]);
          assert.deepEqual(found, expected, `${file}: ${line}`);
          withFindings += found.length > 0;
        }
        if (file.includes('/invalid/')) assert.ok(withFindings > 0, `${file}: no finding compared`);
      });
    }
  }
});

test('check refuses options that do not go together, as the command line does', () => {
  assert.throws(() => fenkit.check('x', { notation: 'fen4', variant: 'antichess' }), /judges chess positions/);
  assert.throws(() => fenkit.check('x', { notation: 'pgnx' }), /unknown notation "pgnx"/);
});

test('check counts columns in UTF-16 code units', () => {
  const [finding] = fenkit.check('# é 😀\n8/8/8/8/8/8/8/4K3 w - - 0 1\n');
  assert.deepEqual([finding.code, finding.line, finding.column], ['DFEN210', 2, 0]);
  assert.equal(finding.span[0], '# é 😀\n'.length);
});

describe('check reads PGN games as fenkit check --notation pgn does', () => {
  const walk = (dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.pgn') ? [join(dir, entry.name)] : [],
    );
  for (const file of walk('tests/data/pgn')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (text.length > 300_000) continue;
    test(file, () => {
      const found = fenkit.check(text, { notation: 'pgn' }).map((f) => [f.code, f.severity, f.message, f.line, f.column]);
      const run = runFenkit(['check', '--notation', 'pgn', '--output-format', 'json', '-'], text);
      const expected = JSON.parse(run.stdout).diagnostics.map((d) => [d.code, d.severity, d.message, d.line, d.column - 1]);
      assert.deepEqual(found, expected);
    });
  }
});
