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

// Texts with comment commands kept unread of every kind, several of a kind, over lines, and
// after two-byte letters, as python/tests/test_check.py feeds them to Python.
const ROSTER = '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n';
const COMMENT_COMMANDS = [
  [
    `${ROSTER}1. e4 { é [%clk 0:03:00] [%foo 1] } e5 {[%eval high] [%foo 2]} 2. Nf3 ; [%clk 0:02:58]\n` +
      `Nc6 (2... d6 {[%cal Ge2]}) *\n\n${ROSTER}1. d4 {[%bar\n  x]} d5 ; é [%clk 1:ab] [%foo]\n*\n`,
    'pgn',
  ],
  ['1. e4 {[%foo 1]} e5 {[%clk 1:ab]}\n1. d4 {é [%foo 2]} d5 ; [%eval 0.3]\n1. c4 e5\n', 'movetext'],
];

/** The notes about comment commands of `fenkit check -v … -`, without their place's path. */
function cliNotes(text, args) {
  const run = runFenkit(['check', '-v', ...args, '-'], text);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return run.stderr
    .split('\n')
    .filter((line) => line.includes('comment command'))
    .map((line) => {
      const [place, ...rest] = line.replace(/^note: /, '').split(': comment command');
      return `${place.split(':').slice(-2).join(':')}: comment command${rest.join(': comment command')}`;
    });
}

/** `commands` as the command line notes them: one per name and kind, at the first, with how many more. */
function summarised(commands) {
  const firsts = new Map();
  for (const command of commands) {
    const key = `${command.name} ${command.kind}`;
    if (firsts.has(key)) firsts.get(key).more++;
    else firsts.set(key, { command, more: 0 });
  }
  return [...firsts.values()].map(({ command, more }) => {
    let tail = '';
    if (more && command.kind === 'unknown') tail = ` (${more} more in this file)`;
    else if (more && command.kind === 'malformed') tail = ` (${more} more \`[%${command.name} …]\` in this file that cannot be read)`;
    else if (more) tail = ` (${more} more \`[%${command.name} …]\` in \`;\` comments in this file)`;
    return `${command.line}:${command.column + 1}: ${command.message}${tail}`;
  });
}

describe('commentCommands gives the commands fenkit check -v notes', () => {
  for (const [text, notation] of COMMENT_COMMANDS) {
    test(notation, () => {
      const commands = fenkit.commentCommands(text, { notation });
      assert.deepEqual(new Set(commands.map((c) => c.kind)), new Set(['unknown', 'malformed', 'rest-of-line']));
      for (const command of commands) {
        const written = text.slice(...command.span);
        assert.ok(written.startsWith(`[%${command.name}`) && written.endsWith(']'), written);
        assert.equal(text.slice(0, command.span[0]).split('\n').length, command.line);
      }
      assert.deepEqual(summarised(commands), cliNotes(text, ['--notation', notation]));
    });
  }
  test('the same for the PGN test files', () => {
    const walk = (dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.pgn') ? [join(dir, entry.name)] : [],
      );
    for (const file of walk('tests/data/pgn')) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      if (text.length > 300_000) continue;
      assert.deepEqual(summarised(fenkit.commentCommands(text, { notation: 'pgn' })), cliNotes(text, ['--notation', 'pgn']), file);
    }
  });
  test('refuses options as check does', () => {
    assert.throws(() => fenkit.commentCommands('x', { notation: 'pgnx' }), /unknown notation "pgnx"/);
    assert.deepEqual(fenkit.commentCommands('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), []);
  });
});
