// The playground (wasm/playground/) in headless Chromium: Debian's /usr/bin/chromium driven by
// playwright-core (which downloads no browser), against a static server on localhost serving
// wasm/ (the page and the package build beside it). Typing a bad line shows its finding with
// the caret under the right column, fixing it clears it, the board shows the position's
// pieces, and the address holds the input. A screenshot is saved under the target directory.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';

import { ROOT, TARGET_DIR, tool } from './support.mjs';

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
  const problems = [];
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
  const pieces = () => page.$$eval('circle[data-piece]', (discs) => discs.map((disc) => `${disc.dataset.at}=${disc.dataset.piece}`).sort());
  assert.deepEqual(await pieces(), ['e1=K', 'e8=k']);
  await typeInput('rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -');
  await page.waitForFunction(() => document.querySelectorAll('circle[data-piece]').length === 32);
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
