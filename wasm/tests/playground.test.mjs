// The playground (wasm/playground/) in headless Chromium: Debian's /usr/bin/chromium driven by
// playwright-core (which downloads no browser), against a static server on localhost serving
// wasm/ (the page and the package build beside it). Typing a bad line shows its finding with
// the caret under the right column, fixing it clears it, the board shows the position's
// pieces as chess glyphs, and the address holds the input. Every notation and variant can be
// chosen, and Chess960: the findings are those of `fenkit check -` on the same text. A line's
// refusal is said once. Screenshots are saved under the target directory.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';

import { ROOT, TARGET_DIR, fenkit as runFenkit, tool } from './support.mjs';

const CHROMIUM = '/usr/bin/chromium';
const skip = !existsSync(CHROMIUM)
  ? `SKIP: no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)`
  : !process.env.FENKIT_WASM_TOOLS
    ? 'SKIP: needs the test tools (run wasm/tests/run)'
    : false;
if (skip) console.log(skip);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/** A static file server for `root` on a free localhost port: nothing but files. */
function serve(root) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready(server)));
}

let server;
let context;
let page;
let profileDir;
let url;
/** The errors the page threw. */
const problems = [];
/** The address of every request the page made. */
const requested = [];

before(async () => {
  if (skip) return;
  server = await serve(resolve(ROOT, 'wasm'));
  url = `http://127.0.0.1:${server.address().port}/playground/`;
  const { chromium } = tool('playwright-core');
  profileDir = mkdtempSync(join(tmpdir(), 'fenkit-chromium-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  assert.deepEqual(problems, []);
});

after(async () => {
  await context?.close();
  server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Replaces the input by typing `text`, key by key. */
async function typeInput(text) {
  const box = page.locator('#input');
  await box.fill('');
  await box.pressSequentially(text);
}

/** What `fenkit check <flags> -` finds in `text`: `code@line:column` each. */
function cliFindings(text, flags) {
  const run = runFenkit(['check', ...flags, '--output-format', 'json', '-'], text);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return JSON.parse(run.stdout).diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`);
}

/** What the page shows, the same way. */
const pageFindings = () => page.$$eval('pre.finding', (blocks) => blocks.map((block) => `${block.dataset.code}@${block.dataset.line}:${block.dataset.column}`));

/** The notations and the variants `check` reads (`fenkit check --notation`, `--variant`). */
const NOTATIONS = ['dfen', 'fen', 'epd', 'perft', 'fen4', 'ndjson4', 'movetext'];
const VARIANTS = ['threecheck', 'crazyhouse', 'twomove', 'antichess', 'giveaway', 'atomic', 'horde', 'racingkings', 'kingofthehill'];

/** Chooses the notation (or variant), and Chess960 on or off. */
async function choose(notation, chess960 = false) {
  await page.selectOption('#notation', notation);
  await page.setChecked('#chess960', chess960);
}

/** The pieces on the board, `square=letter` each, sorted. */
const pieces = () => page.$$eval('[data-piece]', (nodes) => nodes.map((node) => `${node.dataset.at}=${node.dataset.piece}`).sort());

test('a bad line shows its code at its column, with the caret under the span', { skip }, async () => {
  const bad = '4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn';
  await typeInput(bad);
  const finding = page.locator('pre.finding[data-code="DFEN012"]');
  await finding.waitFor();
  assert.equal(await page.locator('pre.finding').count(), 1);
  assert.equal(await finding.getAttribute('data-line'), '1');
  assert.equal(await finding.getAttribute('data-column'), '31');
  const rows = (await finding.innerText()).split('\n');
  const source = rows.findIndex((row) => row.startsWith('1 | '));
  assert.equal(rows[source], `1 | ${bad}`);
  const caret = rows[source + 1];
  assert.equal(caret.indexOf('^'), '1 | '.length + 30, caret);
  assert.equal(caret.trim().replace(/^\|\s*/, ''), '^^');
  assert.ok(rows.some((row) => row.includes('help: write `PN`')), rows.join('\n'));
  const shots = join(TARGET_DIR, 'wasm-test');
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'playground.png'), fullPage: true });
});

test('fixing the line clears the finding', { skip }, async () => {
  await typeInput('4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN');
  await page.waitForSelector('body[data-findings="0"]');
  assert.equal(await page.locator('pre.finding').count(), 0);
  assert.match(await page.locator('#findings').innerText(), /No findings/);
});

test('the board shows the pieces of the position, and its en-passant squares', { skip }, async () => {
  await typeInput('4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN');
  assert.deepEqual(await pieces(), ['e1=K', 'e8=k']);
  await typeInput('rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -');
  await page.waitForFunction(() => document.querySelectorAll('[data-piece]').length === 32);
  const marked = await page.$$eval('circle[data-en-passant]', (rings) => rings.map((ring) => ring.dataset.enPassant).sort());
  assert.deepEqual(marked, ['a3', 'c3', 'e3']);
  assert.match(await page.locator('#conversions').innerText(), /FENKIT003/);
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-board.png'), fullPage: true });
});

test('the address holds the input: a link opens the same lines', { skip }, async () => {
  const lines = '# shared\n4d-fen v1: k@7,7,7,7; K@0,0,0,0';
  await page.locator('#input').fill(lines);
  await page.locator('#input').dispatchEvent('input');
  const shared = page.url();
  assert.ok(shared.includes('#'), shared);
  const other = await context.newPage();
  await other.goto(shared);
  await other.waitForSelector('body[data-ready="true"]');
  assert.equal(await other.locator('#input').inputValue(), lines);
  await other.locator('pre.finding[data-code="FEN4105"]').waitFor();
  await other.close();
});

test('the notation engine is a second module, fetched by loadEngine once and not before', { skip }, async () => {
  const engineModule = (address) => address.endsWith('/pkg/web/fenkit_pgn_bg.wasm');
  // The playground loads it once, for `check`.
  assert.equal(requested.filter(engineModule).length, 1, requested.join('\n'));
  // A page of its own (same origin, no playground) fetches it only when asked.
  const other = await context.newPage();
  const seen = [];
  other.on('request', (request) => seen.push(request.url()));
  await other.goto(new URL('/playground/playground.css', url).href);
  const answer = await other.evaluate(async () => {
    const fenkit = await import('/pkg/browser.mjs');
    const early = [];
    for (const call of [() => fenkit.check('x'), () => fenkit.readPgn('1. e4 *')]) {
      try {
        call();
      } catch (error) {
        early.push(error.message);
      }
    }
    await Promise.all([fenkit.loadEngine(), fenkit.loadPgn()]);
    return {
      early,
      codes: fenkit.check('8/8/8/8/8/8/8/4K3 w - - 0 1').map((finding) => finding.code),
      uci: fenkit.readPgn('1. e4 e5 2. Nf3 *')[0].moves.map((move) => move.uci),
    };
  });
  await other.close();
  assert.equal(answer.early.length, 2);
  for (const message of answer.early) assert.match(message, /expected `await loadEngine\(\)` before the first call/);
  assert.deepEqual(answer.codes, ['DFEN210']);
  assert.deepEqual(answer.uci, ['e2e4', 'e7e5', 'g1f3']);
  assert.equal(seen.filter(engineModule).length, 1, seen.join('\n'));
});

test('the board draws chess glyphs: ♔ on e1 and ♚ on e8 in the start position', { skip }, async () => {
  await choose('fen');
  await typeInput('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.waitForFunction(() => document.querySelectorAll('[data-piece]').length === 32);
  const glyph = (square) => page.locator(`text[data-at="${square}"]`).textContent();
  assert.equal(await glyph('e1'), '♔');
  assert.equal(await glyph('e8'), '♚');
  assert.equal(await glyph('d1'), '♕');
  assert.equal(await glyph('g8'), '♞');
  assert.equal(await glyph('a2'), '♙');
  assert.equal(await glyph('a7'), '♟\uFE0E');
  assert.equal(await page.locator('circle').count(), 0, 'no discs');
  // Drawn in a font that has the glyphs, not as missing-glyph boxes: each is as wide as a piece.
  const width = await page.locator('text[data-at="e1"]').evaluate((node) => node.getBBox().width);
  assert.ok(width > 20, `the king is ${width} wide`);
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-glyphs.png'), fullPage: true });
});

test('EPD: a line without its closing `;` has the finding fenkit check --notation epd gives, and its board', { skip }, async () => {
  await choose('epd');
  const text = [
    '% two positions of the Bratko-Kopec suite',
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";',
    '3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id "BK.02"',
  ].join('\n');
  await typeInput(text);
  await page.locator('pre.finding[data-code="EPD101"]').waitFor();
  const expected = cliFindings(text, ['--notation', 'epd']);
  assert.ok(expected.includes('EPD101@3:68'), expected.join(' '));
  assert.deepEqual(await pageFindings(), expected);
  // The cursor is on the last line: its first four fields are drawn.
  assert.equal(await page.locator('#line-number').textContent(), '3');
  const board = await pieces();
  assert.equal(board.length, 20);
  for (const piece of ['d8=r', 'f8=k', 'f2=K', 'b3=N']) assert.ok(board.includes(piece), board.join(' '));
  assert.match(await page.locator('#facts').innerText(), /bm d5; id "BK\.02"/);
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-epd.png'), fullPage: true });
});

test('Chess960: castling read as fenkit check --chess960 reads it, Shredder-FEN and X-FEN', { skip }, async () => {
  // X-FEN's `KQkq` of a Chess960 start: a finding of standard FEN, none with Chess960.
  const xfen = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1';
  await choose('fen', false);
  await typeInput(xfen);
  const standard = cliFindings(xfen, ['--notation', 'fen']);
  assert.ok(standard.length > 0, 'X-FEN castling of a Chess960 start is a finding of standard FEN');
  await page.waitForSelector(`body[data-findings="${standard.length}"]`);
  assert.deepEqual(await pageFindings(), standard);
  await page.setChecked('#chess960', true);
  assert.deepEqual(cliFindings(xfen, ['--notation', 'fen', '--chess960']), []);
  await page.waitForSelector('body[data-findings="0"]');
  assert.deepEqual(await pageFindings(), []);
  assert.match(page.url(), /chess960=1/);
  // Shredder-FEN, with a finding on its second line, in Chess960 mode.
  const shredder = [
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1',
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 extra',
    'bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1',
  ].join('\n');
  await typeInput(shredder);
  const expected = cliFindings(shredder, ['--notation', 'fen', '--chess960']);
  assert.ok(expected.length > 0 && expected.every((finding) => finding.includes('@2:')), expected.join(' '));
  await page.waitForSelector(`body[data-findings="${expected.length}"]`);
  assert.deepEqual(await pageFindings(), expected);
  assert.match(await page.locator('#line-kind').textContent(), /Chess960/);
  assert.match(await page.locator('#facts').innerText(), /HEhe/);
  const board = await pieces();
  for (const piece of ['g1=K', 'h1=R', 'e1=R', 'g8=k', 'a1=B']) assert.ok(board.includes(piece), board.join(' '));
  assert.equal(await page.locator('text[data-at="g1"]').textContent(), '♔');
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-chess960.png'), fullPage: true });
  await page.setChecked('#chess960', false);
});

test('a refused line says its error once, not under every conversion', { skip }, async () => {
  await choose('dfen');
  const line = '4k3/8/8/8/8/8/8/4K3 x - - 0 1';
  await typeInput(line);
  const [expected] = cliFindings(line, ['--notation', 'dfen']);
  const code = expected.split('@')[0];
  const finding = page.locator(`pre.finding[data-code="${code}"]`);
  await finding.waitFor();
  assert.ok((await finding.getAttribute('class')).includes('error'));
  const message = (await finding.locator('.head').textContent()).replace(/^error\[\w+\]: /, '');
  // The refusal points at the finding; nothing is converted, and no row repeats the error.
  const refusal = page.locator('#refusal');
  assert.ok(await refusal.isVisible());
  assert.equal(await refusal.getAttribute('data-code'), code);
  assert.match(await refusal.innerText(), /line 1, column 21/);
  assert.equal(await page.locator('#conversions tr').count(), 0);
  const text = await page.locator('body').innerText();
  assert.equal(text.split(code).length - 1, 1, text);
  assert.equal(text.split(message).length - 1, 1, text);
  // The board still draws the placement.
  assert.deepEqual(await pieces(), ['e1=K', 'e8=k']);
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-refused.png'), fullPage: true });
});

test('a conversion that cannot be made is greyed with its one reason; the others are made', { skip }, async () => {
  await choose('dfen');
  await typeInput('rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -');
  const unmade = page.locator('#conversions tr.unmade');
  await unmade.first().waitFor();
  assert.equal(await unmade.count(), 1);
  assert.equal(await unmade.getAttribute('data-code'), 'FENKIT003');
  assert.ok(await page.locator('#refusal').isHidden());
  const made = await page.$$eval('#conversions tr:not(.unmade) th', (heads) => heads.map((head) => head.textContent));
  assert.ok(made.includes('canonical') && made.includes('DFEN'), made.join(', '));
});

test('every notation and variant of check can be chosen, and each gives fenkit check\'s findings', { skip }, async () => {
  const offered = await page.$$eval('#notation option', (options) => options.map((option) => option.value));
  assert.deepEqual(offered, ['auto', ...NOTATIONS, ...VARIANTS]);
  const text = '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/8 w KQ - 0 1\n';
  await page.locator('#input').fill(text);
  for (const chosen of offered) {
    await choose(chosen);
    const flags = chosen === 'auto' ? [] : NOTATIONS.includes(chosen) ? ['--notation', chosen] : ['--variant', chosen];
    const expected = cliFindings(text, flags);
    await page.waitForFunction((count) => document.body.dataset.findings === String(count), expected.length);
    assert.deepEqual(await pageFindings(), expected, chosen);
  }
});

test('the findings are check\'s of the whole text: the first position decides the notation of the rest', { skip }, async () => {
  await choose('auto');
  // Sniffed from line 1, the text is FEN: line 2's dice cannot be held (read alone, it is a
  // sound DFEN, so findings line by line would miss it).
  const text = '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN';
  await typeInput(text);
  const expected = cliFindings(text, []);
  assert.deepEqual(expected, ['FENKIT003@2:1']);
  await page.waitForSelector('body[data-findings="1"]');
  assert.deepEqual(await pageFindings(), expected);
});

test('movetext: the board shows the position after the line\'s last legal move', { skip }, async () => {
  await choose('movetext');
  const text = '1. e4 e5 2. Nf3 Nc6 3. Bb5 *';
  await typeInput(text);
  const expected = cliFindings(text, ['--notation', 'movetext']);
  await page.waitForSelector(`body[data-findings="${expected.length}"]`);
  assert.deepEqual(await pageFindings(), expected);
  await page.waitForFunction(() => document.querySelector('[data-at="b5"]') !== null);
  const board = await pieces();
  for (const piece of ['b5=B', 'f3=N', 'c6=n', 'e4=P', 'e5=p']) assert.ok(board.includes(piece), board.join(' '));
  assert.match(await page.locator('#facts').innerText(), /the last Bb5/);
});

test('each notation and variant draws a board for a line of its own and converts it, as check reads it', { skip }, async () => {
  const lines = {
    dfen: ['4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN', true],
    fen: ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', true],
    epd: ['1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";', true],
    perft: ['4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66', false],
    fen4: ['4d-fen v1: K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7', true],
    ndjson4: ['{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7"}', true],
    movetext: ['1. d4 d5 2. c4 *', false],
    threecheck: ['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 0 0', true],
    crazyhouse: ['2R1k3/8/8/8/8/8/8/4K3 b - - 0 40 Pnn c8', true],
    twomove: ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1', true],
    antichess: ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', true],
    giveaway: ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', true],
    atomic: ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', true],
    horde: ['rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1', true],
    racingkings: ['8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', true],
    kingofthehill: ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', true],
  };
  for (const [chosen, [line, converts]] of Object.entries(lines)) {
    await choose(chosen);
    await page.locator('#input').fill(line);
    await page.locator('#input').dispatchEvent('input');
    const flags = NOTATIONS.includes(chosen) ? ['--notation', chosen] : ['--variant', chosen];
    const expected = cliFindings(`${line}\n`, flags);
    await page.waitForFunction((count) => document.body.dataset.findings === String(count), expected.length);
    assert.deepEqual(await pageFindings(), expected, chosen);
    assert.ok((await pieces()).length > 0, `${chosen}: no pieces drawn`);
    const made = await page.locator('#conversions tr:not(.unmade)').count();
    assert.equal(made > 0, converts, `${chosen}: ${made} conversions`);
  }
  await page.screenshot({ path: join(TARGET_DIR, 'wasm-test', 'playground-variants.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test('odd lines under every choice draw no board rather than break the page', { skip }, async () => {
  const odd = ['null', '{}', '{"fen4": 7}', '[', '1. (', ' ; ;', '4d-fen', '8/8/8/8/8/8/8/8', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[ w', '😀 é'];
  const offered = await page.$$eval('#notation option', (options) => options.map((option) => option.value));
  for (const chosen of offered) {
    await choose(chosen, chosen === 'fen');
    for (const line of odd) {
      await page.locator('#input').fill(line);
      await page.locator('#input').dispatchEvent('input');
      await page.locator('#input').focus();
    }
  }
  await choose('auto');
  assert.deepEqual(problems, []);
});
