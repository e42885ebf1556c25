// The declarations in use from an ES module, as a TypeScript user writes it: `tsc --noEmit`
// must accept this file (wasm/tests/types.test.mjs).
import {
  FenkitError,
  canonical,
  check,
  commentCommands,
  convert,
  legalMoves,
  loadPgn,
  parseDfen,
  parseFen4,
  parseVariant,
  play,
  positionKey,
  readPgn,
  turns,
  version,
  type CommentCommand,
  type Finding,
  type Position,
} from 'fenkit';

const findings: Finding[] = check('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { notation: 'fen' });
const spans: Array<[number, number]> = findings.map((finding) => finding.span);
const parsed = parseDfen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { profile: 'lenient', strict: false });
const position: Position = parsed.fixed;
const side: 'white' | 'black' = position.side;
const text: string = canonical(new Uint8Array([52, 107]), { variant: 'crazyhouse', dialect: 'stockfish' });
const pieces = parseFen4('4d-fen v1: K@0,0,0,0').pieces.map((piece) => piece.at[3] + piece.piece.length);
const variant = parseVariant('8/8/8/8/8/8/8/8 w - - 0 1 0 0', 'threecheck', 'essay', { checkLimit: 5 });
const checks: [number, number] = variant.checks;
const fen: string = variant.toDialect('lichess') + variant.toFen();
const json: string = convert(text, { to: 'json', lossy: true });
const finals: string = convert('1. e4 e5 *', { notation: 'pgn', to: 'uci' }) + convert('1. e4 *', { from: 'pgn', to: 'epd', positions: 'final' });
const moves: string[] = legalMoves(text, { kingCapture: 'any' });
const next: string = play(text, moves[0] ?? 'e2e4').position;
const after: string[] = turns(next).map((turn) => turn.moves.join(' '));
const key: string = positionKey(text, { ep: 'legal', notation: 'fen' });
const loaded: Promise<void> = loadPgn();
const sans: string[] = readPgn('1. e4 *').flatMap((game) => game.moves.map((move) => move.san));
const unread: CommentCommand[] = commentCommands('1. e4 {[%foo 1]} *', { notation: 'pgn' });
const kinds: Array<'unknown' | 'malformed' | 'rest-of-line'> = unread.map((command) => command.kind);

try {
  parseDfen('x');
} catch (error) {
  if (error instanceof FenkitError) {
    const where: [number, number] = error.span;
    const help: string | null = error.help;
    console.log(error.code, where, help, error.refCode ?? error.legalMoves.length);
  }
}

console.log(version, spans, side, pieces, checks, fen, json, finals, after, key, loaded, sans, kinds);
