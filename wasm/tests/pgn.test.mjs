// readPgn: the games of a PGN text in the JSON form `fenkit convert --to json` writes, with
// their findings, read by the same `pgn` library as the command line.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';

import { ROOT, byteSpan, importPackage, requirePackage } from './support.mjs';

const fenkit = await importPackage();
const { FenkitError } = fenkit;

const SCHOLAR =
  '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n' +
  '[White "Anaïs"]\n[Black "B"]\n[Result "1-0"]\n\n' +
  '1. e4 e5 2. Bc4 {the bishop} Nc6 3. Qh5 Nf6 (3... g6 4. Qf3) 4. Qxf7# 1-0\n';

test('a game has tags, moves with their variations, and a result', () => {
  const [game, ...rest] = fenkit.readPgn(SCHOLAR);
  assert.equal(rest.length, 0);
  assert.equal(game.tags.White, 'Anaïs');
  assert.equal(game.result, '1-0');
  assert.deepEqual(game.moves.map((m) => m.uci), ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7']);
  assert.equal(game.moves[2].comment, 'the bishop');
  assert.deepEqual(game.moves[5].variations[0].map((m) => m.san), ['g6', 'Qf3']);
  assert.equal(game.moves[6].fen, 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4');
  assert.deepEqual(game.findings, []);
});

test('findings point at their token, in UTF-16 units for a string and bytes for bytes', () => {
  const text = SCHOLAR.replace('Bc4 {', 'Bc5 {');
  const [game] = fenkit.readPgn(text);
  const [illegal] = game.findings;
  assert.equal(illegal.code, 'PGN201');
  assert.equal(illegal.severity, 'error');
  assert.equal(text.slice(...illegal.span), 'Bc5');
  const bytes = new TextEncoder().encode(text);
  const [fromBytes] = fenkit.readPgn(bytes)[0].findings;
  assert.equal(byteSpan(text, illegal.span).join(), fromBytes.span.join());
  assert.equal(new TextDecoder().decode(bytes.slice(...fromBytes.span)), 'Bc5');
});

test('text that is not UTF-8 throws FenkitError; no game is no error', () => {
  assert.throws(() => fenkit.readPgn(new Uint8Array([0x31, 0x2e, 0xff])), (error) => error instanceof FenkitError && error.code === 'FENKIT001');
  assert.deepEqual(fenkit.readPgn(''), []);
});

test('every game of the public PGN files is read without throwing, its moves legal up to an error', () => {
  const dir = resolve(ROOT, 'tests/data/pgn/chesslib');
  let games = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.pgn'))) {
    for (const game of fenkit.readPgn(readFileSync(resolve(dir, name), 'utf8'))) {
      games += 1;
      const error = game.findings.some((f) => f.severity === 'error');
      const uci = /^(?:[a-h][1-8][a-h][1-8][qrbn]?|[PNBRQ]@[a-h][1-8]|0000)$/;
      if (!error) assert.ok(game.moves.every((m) => typeof m.fen === 'string' && uci.test(m.uci)), name);
    }
  }
  assert.ok(games > 50, `${games} games`);
});

test('in Node the first readPgn loads the PGN reader itself; loadPgn resolves as well', async () => {
  assert.equal(await fenkit.loadPgn(), undefined);
  assert.equal(await requirePackage().loadPgn(), undefined);
  assert.equal(fenkit.readPgn('1. e4 *')[0].moves[0].uci, 'e2e4');
});

test('require and import give the same readPgn', () => {
  assert.deepEqual(requirePackage().readPgn(SCHOLAR), fenkit.readPgn(SCHOLAR));
});
