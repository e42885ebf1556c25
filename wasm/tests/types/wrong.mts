// Misuses the declarations must catch: `tsc --noEmit` must reject this file, once per line
// marked below (wasm/tests/types.test.mjs counts them).
import { check, convert, parseDfen, parseVariant } from 'fenkit';

check(42); // error
parseDfen('x', { profile: 'loose' }); // error
parseVariant('x', 42); // error
const span: string = check('x')[0].span; // error
convert('x', { to: 'pgn' }); // error
convert('1. e4 *', { from: 'pgn', to: 'uci', positions: 'last' }); // error
console.log(span);
