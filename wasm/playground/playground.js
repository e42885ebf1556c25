// The fenkit playground: findings as you type, a board for the line under the cursor, its
// conversions, and the input in the address. Static files only: the package's browser build
// (../pkg/browser.mjs, written by scripts/build-wasm) does all the work in the page.
//
// The findings are `check`'s for the whole text at once, which is what `fenkit check -` says
// for the same text. The board and the conversions are presentation: they draw what the
// package's readers give, and never judge a position themselves.

import * as fenkit from '../pkg/browser.mjs';

// `check` is the notation library's, in the package's second module: loaded once, here.
await fenkit.loadEngine();

const $ = (id) => document.getElementById(id);
const input = $('input');
const notation = $('notation');
const profile = $('profile');
const dialect = $('dialect');
const chess960 = $('chess960');
/** The variants with FEN dialects of their own, read by `parseVariant`. */
const DIALECT_VARIANTS = new Set(['threecheck', 'crazyhouse', 'twomove']);
/** The variants whose positions are standard FEN, judged by their own rules. */
const RULES_VARIANTS = new Set(['antichess', 'giveaway', 'atomic', 'horde', 'racingkings', 'kingofthehill']);
/** The notations whose positions are DFEN or FEN, read in a profile. */
const PROFILED = new Set(['auto', 'dfen', 'fen', 'epd', 'perft']);
const NAMES = { dfen: 'DFEN', fen: 'FEN', epd: 'EPD', perft: 'perft suite', fen4: 'FEN4', ndjson4: 'NDJSON4', movetext: 'PGN movetext' };
const SVG = 'http://www.w3.org/2000/svg';
/**
 * The chess glyphs of Unicode's Miscellaneous Symbols block, by FEN letter. The black pawn is
 * an emoji too: U+FE0E asks for its text form.
 */
const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟\uFE0E' };
/** Fonts that hold the chess glyphs, as text (not emoji). */
const GLYPH_FONTS = '"DejaVu Sans", "Noto Sans Symbols 2", "Segoe UI Symbol", "Apple Symbols", FreeSerif, serif';
const EXAMPLE = [
  '# one position per line; try editing them',
  'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1',
  '4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 PNB',
].join('\n');

/** Lines that hold no position, as `fenkit check` skips them. */
const skipped = (line) => line.trim() === '' || line.trimStart().startsWith('#');

const isVariant = (chosen) => DIALECT_VARIANTS.has(chosen) || RULES_VARIANTS.has(chosen);

/** The options `check` reads the whole text with: those of `fenkit check --notation … -`. */
function checkOptions() {
  const chosen = notation.value;
  const options = {};
  if (isVariant(chosen)) {
    options.variant = chosen;
    if (DIALECT_VARIANTS.has(chosen)) options.dialect = dialect.value;
  } else {
    if (chosen !== 'auto') options.notation = chosen;
    if (PROFILED.has(chosen)) options.profile = profile.value;
  }
  if (chess960.checked) options.chess960 = true;
  return options;
}

/**
 * What a line is drawn as: the notation chosen or, when it is sniffed, a guess from the look
 * of the text's first position line, which decides the notation of the whole text as it does
 * for `check` (presentation only: the findings are `check`'s own sniffing).
 */
function lineKind() {
  const chosen = notation.value;
  if (chosen !== 'auto') return chosen;
  const first = input.value.split('\n').find((line) => !skipped(line)) ?? '';
  const start = first.trimStart();
  if (start.startsWith('4d-fen')) return 'fen4';
  if (start.startsWith('{')) return 'ndjson4';
  const fields = start.split(/\s+/);
  if (fields.length >= 5 && !/^\d+$/.test(fields[4])) return 'epd';
  if (start.includes(';')) return 'perft';
  return 'dfen';
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One finding drawn as `fenkit check` draws it: the line, a caret under the span, the help. */
function drawFinding(finding, line) {
  const { line: number, column } = finding;
  const [start, end] = finding.span;
  const gutter = ' '.repeat(String(number).length);
  const block = element('pre', `finding ${finding.severity}`);
  block.dataset.code = finding.code;
  block.dataset.line = String(number);
  block.dataset.column = String(column + 1);
  block.append(element('span', 'head', `${finding.severity}[${finding.code}]: ${finding.message}`));
  block.append(`\n${gutter}--> line ${number}, column ${column + 1}\n${gutter} |\n${number} | ${line}\n${gutter} | `);
  const width = Math.max(1, Math.min(end - start, line.length - column));
  block.append(element('span', 'caret', `${' '.repeat(column)}${'^'.repeat(width)}`));
  if (finding.help) {
    block.append(`\n${gutter} |\n${gutter} = `);
    block.append(element('span', 'help', `help: ${finding.help}`));
  }
  return block;
}

/** The findings of the whole text, from one `check` call; `null` when the settings clash. */
function renderFindings(text) {
  const list = $('findings');
  list.replaceChildren();
  let found;
  try {
    found = fenkit.check(text, checkOptions());
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    list.append(element('p', 'refused', `These settings do not go together: ${error.message}.`));
    $('summary').textContent = '';
    document.body.dataset.findings = 'none';
    return null;
  }
  const lines = text.split('\n');
  for (const finding of found) list.append(drawFinding(finding, lines[finding.line - 1] ?? ''));
  const errors = found.filter((finding) => finding.severity === 'error').length;
  const warnings = found.length - errors;
  if (found.length === 0) list.append(element('p', 'clean', 'No findings: every position is sound and canonical.'));
  $('summary').textContent = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  document.body.dataset.findings = String(found.length);
  return found;
}

/** An 8×8 board: pieces as Unicode chess glyphs, en-passant squares ringed, promoted pieces marked. */
function drawBoard(board, { enPassant = [], promoted = [] } = {}) {
  const size = 40;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size * 8 + 24} ${size * 8 + 24}`);
  svg.setAttribute('role', 'img');
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  const glyph = { 'text-anchor': 'middle', 'font-size': size * 0.8, 'font-family': GLYPH_FONTS };
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) {
      const square = `${'abcdefgh'[file]}${rank + 1}`;
      const x = 24 + file * size;
      const y = (7 - rank) * size;
      const cx = x + size / 2;
      add('rect', { x, y, width: size, height: size, fill: (file + rank) % 2 ? 'var(--light)' : 'var(--dark)', 'data-square': square });
      const piece = board[square];
      if (piece) {
        const white = piece === piece.toUpperCase();
        const shown = GLYPHS[piece];
        const base = y + size * 0.78;
        let node;
        if (!shown) {
          // Not a chess piece's letter (FEN4's other pieces): the letter itself.
          node = add('text', { ...glyph, x: cx, y: y + size * 0.7, 'font-size': size * 0.55, 'font-weight': 'bold', fill: white ? '#fff' : '#111', stroke: '#111', 'stroke-width': white ? 0.8 : 0 }, piece);
        } else {
          // A white piece is its outline glyph over the solid one filled white, so that it
          // reads on both square colours; a black piece is the solid glyph.
          if (white) add('text', { ...glyph, x: cx, y: base, fill: '#fff', 'aria-hidden': 'true' }, GLYPHS[piece.toLowerCase()]);
          node = add('text', { ...glyph, x: cx, y: base, fill: '#111' }, shown);
        }
        node.dataset.piece = piece;
        node.dataset.at = square;
        if (promoted.includes(square)) add('text', { x: x + size - 8, y: y + 12, 'font-size': 14, fill: 'var(--mark)' }, '~');
      } else if (enPassant.includes(square)) {
        const ring = add('circle', { cx, cy: y + size / 2, r: size * 0.3, fill: 'none', stroke: 'var(--mark)', 'stroke-width': 3, 'stroke-dasharray': '4 3' });
        ring.dataset.enPassant = square;
        add('text', { x: cx, y: y + size / 2 + 5, 'text-anchor': 'middle', 'font-size': 14, fill: 'var(--mark)' }, '*');
      }
    }
    add('text', { x: 8, y: (7 - rank) * size + size / 2 + 5, 'font-size': 12, fill: 'var(--muted)' }, String(rank + 1));
  }
  for (let file = 0; file < 8; file++) {
    add('text', { x: 24 + file * size + size / 2, y: size * 8 + 16, 'text-anchor': 'middle', 'font-size': 12, fill: 'var(--muted)' }, 'abcdefgh'[file]);
  }
  return svg;
}

/** FEN4: one small x-y board for each (z, w) slice that holds a piece. */
function drawFen4(pieces) {
  const slices = new Map();
  for (const { at, piece } of pieces) {
    const key = `z=${at[2]} w=${at[3]}`;
    if (!slices.has(key)) slices.set(key, {});
    slices.get(key)[`${'abcdefgh'[at[0]]}${at[1] + 1}`] = piece;
  }
  const box = element('div', 'slices');
  for (const [key, board] of [...slices].slice(0, 8)) {
    box.append(element('h3', '', `slice ${key}`));
    const letters = Object.fromEntries(Object.entries(board).map(([square, spec]) => [square, spec[0]]));
    box.append(drawBoard(letters));
  }
  if (slices.size > 8) box.append(element('p', '', `and ${slices.size - 8} more slices`));
  return box;
}

/**
 * The squares of a FEN piece-placement field, or `null` unless it is eight ranks of eight
 * squares of piece letters: what the board draws when no reader gives the position (a line
 * with an error, Chess960 castling). Drawing only; `check` judges the line.
 */
function placement(field) {
  const ranks = (field ?? '').split('/');
  if (ranks.length !== 8) return null;
  const board = {};
  for (const [i, rank] of ranks.entries()) {
    let file = 0;
    for (const c of rank) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (/[KQRBNPkqrbnp]/.test(c) && file < 8) board[`${'abcdefgh'[file++]}${8 - i}`] = c;
      else if (c !== '~') return null;
    }
    if (file !== 8) return null;
  }
  return board;
}

function facts(entries) {
  const list = element('dl');
  for (const [name, value] of entries) {
    list.append(element('dt', '', name), element('dd', '', value));
  }
  return list;
}

/** The `fen4` value of an NDJSON4 line (`''` when it has none); a line that is not JSON throws `SyntaxError`. */
function fen4Field(line) {
  const record = JSON.parse(line);
  return typeof record?.fen4 === 'string' ? record.fen4 : '';
}

/** The FEN fields of a line's position, as written: the whole line, EPD's first four, a perft line's before `;`. */
function positionFields(line, kind) {
  const text = kind === 'perft' ? line.split(';')[0] : line;
  const fields = text.trim().split(/\s+/);
  return kind === 'epd' ? fields.slice(0, 4) : fields;
}

/**
 * The board and facts of one line, as `fenkit show` draws them. A position the readers refuse
 * is drawn from its placement field when that reads, without a word of why: the reason is
 * said once, by the findings or the refusal above the board.
 */
function renderPosition(line, kind) {
  const board = $('board');
  const about = $('facts');
  board.replaceChildren();
  about.replaceChildren();
  if (skipped(line)) {
    board.append(element('p', 'clean', 'No position on this line.'));
    return;
  }
  try {
    if (kind === 'movetext') {
      // The position after the line's last legal move, as the PGN reader plays it.
      const [game] = fenkit.readPgn(line);
      const moves = game?.moves ?? [];
      const last = moves.findLast((move) => move.fen !== null);
      if (!last) {
        board.append(element('p', 'note', 'No board: this line has no legal move to play.'));
        return;
      }
      const { position } = fenkit.parseDfen(last.fen, { profile: 'lenient' });
      board.append(drawBoard(position.board, { enPassant: position.enPassant }));
      about.append(facts([
        ['after', `${moves.indexOf(last) + 1} of ${moves.length} moves, the last ${last.san}`],
        ['side to move', position.side],
        ['FEN', last.fen],
      ]));
      return;
    }
    if (kind === 'fen4' || kind === 'ndjson4') {
      const parsed = fenkit.parseFen4(kind === 'fen4' ? line : fen4Field(line));
      board.append(drawFen4(parsed.pieces));
      about.append(facts([['pieces', String(parsed.pieces.length)]]));
      return;
    }
    if (DIALECT_VARIANTS.has(kind)) {
      const parsed = fenkit.parseVariant(line, kind, dialect.value);
      const { position } = parsed;
      board.append(drawBoard(position.board, { enPassant: position.enPassant, promoted: parsed.promoted }));
      const rows = [['side to move', position.side], ['castling', position.castling], ['en passant', position.enPassant.join(' ') || '-']];
      if (kind === 'threecheck') rows.push(['checks given', `White ${parsed.checks[0]}, Black ${parsed.checks[1]} of ${parsed.checkLimit}`]);
      if (kind === 'crazyhouse') rows.push(['pockets', parsed.holdings || '-'], ['promoted', parsed.promoted.join(' ') || '-']);
      if (kind === 'twomove') rows.push(['sub-turn', String(parsed.subTurn)]);
      about.append(facts(rows));
      return;
    }
    const fields = positionFields(line, kind);
    // EPD has no clocks: its four fields are read as a FEN with fresh ones, to be drawn.
    const text = kind === 'epd' ? `${fields.join(' ')} 0 1` : fields.join(' ');
    const parsed = fenkit.parseDfen(text, { profile: kind === 'epd' || kind === 'perft' ? 'lenient' : profile.value });
    const { position } = parsed;
    board.append(drawBoard(position.board, { enPassant: position.enPassant }));
    const rows = [
      ['side to move', position.side],
      ['castling', position.castling],
      ['en passant', position.enPassant.length ? `${position.enPassant.join(' ')} (marked *)` : '-'],
    ];
    if (kind === 'epd') {
      rows.push(['operations', line.trim().split(/\s+/).slice(4).join(' ') || '-']);
    } else {
      if (kind !== 'fen' && kind !== 'perft' && !RULES_VARIANTS.has(kind)) rows.push(['dice', position.dice === '-' ? '- (a fresh turn)' : position.dice]);
      rows.push(['halfmove', String(position.halfmove)], ['fullmove', String(position.fullmove)]);
    }
    if (kind === 'perft') rows.push(['counts', line.split(';').slice(1).map((count) => count.trim()).join('; ') || '-']);
    about.append(facts(rows));
    if (position.dice !== '-') {
      try {
        about.append(facts([['legal moves', fenkit.legalMoves(line).join(' ') || '(the turn passes)']]));
      } catch (error) {
        if (!(error instanceof fenkit.FenkitError)) throw error;
      }
    }
  } catch (error) {
    if (!(error instanceof fenkit.FenkitError) && !(error instanceof SyntaxError)) throw error;
    board.replaceChildren();
    about.replaceChildren();
    const fields = positionFields(line, kind);
    const squares = placement(fields[0]);
    if (!squares) {
      board.append(element('p', 'note', 'No board: the line has no piece placement to draw.'));
      return;
    }
    board.append(drawBoard(squares));
    about.append(facts([
      ['side to move', { w: 'white', b: 'black' }[fields[1]] ?? fields[1] ?? '-'],
      ['castling', fields[2] ?? '-'],
      ['en passant', fields[3] ?? '-'],
    ]));
  }
}

/** The conversions a line of `kind` has: `[name, make]`, each `make` writing the line or throwing. */
function conversionsOf(line, kind) {
  if (kind === 'fen4' || kind === 'ndjson4') {
    const text = () => (kind === 'fen4' ? line : fen4Field(line));
    return ['fen4', 'fen4-json', 'fen4-pieces'].map((to) => [to, () => fenkit.convert(text(), { from: 'fen4', to })]);
  }
  if (DIALECT_VARIANTS.has(kind)) {
    // Two-move chess is written in the essay dialect only.
    const dialects = kind === 'twomove' ? ['essay'] : ['essay', 'stockfish', 'lichess'];
    const rows = dialects.map((toDialect) => [`${kind}, ${toDialect}`, () => fenkit.convert(line, { variant: kind, dialect: dialect.value, toDialect })]);
    rows.push(['FEN', () => fenkit.convert(line, { variant: kind, dialect: dialect.value, to: 'fen' })]);
    return rows;
  }
  if (RULES_VARIANTS.has(kind)) return [['canonical', () => fenkit.canonical(line, { variant: kind })]];
  if (kind === 'epd') {
    // What `fenkit fmt` and `fenkit convert` write; FEN keeps the clocks of `hmvc` and `fmvn`
    // and drops the other operations.
    const read = { chess960: chess960.checked };
    return [
      ['canonical', () => fenkit.canonical(line, { notation: 'epd', ...read })],
      ['FEN (operations dropped)', () => fenkit.convert(line, { from: 'epd', to: 'fen', lossy: true, ...read })],
      ['JSON', () => fenkit.convert(line, { from: 'epd', to: 'json', ...read })],
    ];
  }
  if (kind === 'dfen' || kind === 'fen') {
    const read = { profile: profile.value, chess960: chess960.checked };
    const rows = [['canonical', () => fenkit.canonical(line, { notation: kind, ...read })]];
    for (const [name, to] of [['DFEN', 'dfen'], ['FEN', 'fen'], ['DFEN, engine', 'dfen-engine'], ['JSON', 'json']]) {
      rows.push([name, () => fenkit.convert(line, { from: kind, to, ...read })]);
    }
    return rows;
  }
  return [];
}

/** The first error `check` found on line `number`, if any. */
const errorOn = (found, number) => (found ?? []).find((finding) => finding.severity === 'error' && finding.line === number);

/**
 * The conversions of one line, and what refuses them, said once: a line with an error points
 * at its finding; a reason every conversion gives is said once above the board; a reason only
 * some give greys those rows, named once.
 */
function renderConversions(line, kind, number, found) {
  const table = $('conversions');
  const refusal = $('refusal');
  table.replaceChildren();
  refusal.replaceChildren();
  refusal.hidden = true;
  delete refusal.dataset.code;
  if (skipped(line)) return;
  const refuse = (code, ...parts) => {
    refusal.hidden = false;
    if (code) refusal.dataset.code = code;
    refusal.append(...parts);
  };
  const error = errorOn(found, number);
  if (error) {
    const link = element('a', '', `error (line ${error.line}, column ${error.column + 1})`);
    link.href = '#findings';
    link.addEventListener('click', (event) => {
      event.preventDefault();
      document.querySelector(`pre.finding[data-line="${error.line}"].error`)?.scrollIntoView({ block: 'nearest' });
    });
    refuse(error.code, `Refused: see ${kind === 'movetext' ? 'the game\'s' : 'this line\'s'} `, link, ' under Findings. Nothing is converted.');
    return;
  }
  const rows = conversionsOf(line, kind);
  if (rows.length === 0) {
    table.append(element('caption', 'note', `The package converts DFEN, FEN, EPD, FEN4 and the variants' FEN; ${NAMES[kind] ?? kind} lines have no conversions here.`));
    return;
  }
  const made = [];
  const reasons = new Map();
  for (const [name, make] of rows) {
    try {
      made.push([name, make()]);
    } catch (thrown) {
      // A refused line, text that is not JSON, or settings the library refuses together (a
      // dialect the variant has not).
      if (!(thrown instanceof fenkit.FenkitError) && !(thrown instanceof SyntaxError) && !(thrown instanceof RangeError)) throw thrown;
      const reason = thrown instanceof fenkit.FenkitError ? `${thrown.code}: ${thrown.message}` : thrown instanceof RangeError ? thrown.message : `not JSON: ${thrown.message}`;
      if (!reasons.has(reason)) reasons.set(reason, { code: thrown.code, names: [] });
      reasons.get(reason).names.push(name);
    }
  }
  if (made.length === 0 && reasons.size === 1) {
    const [[reason, { code }]] = reasons;
    refuse(code, `No conversion: ${reason}`);
    return;
  }
  for (const [name, written] of made) {
    const row = element('tr');
    row.append(element('th', '', name), element('td', '', written));
    table.append(row);
  }
  for (const [reason, { code, names }] of reasons) {
    const row = element('tr', 'unmade');
    row.dataset.code = code ?? '';
    row.append(element('th', '', names.join(', ')), element('td', 'refused', `not made: ${reason}`));
    table.append(row);
  }
}

/** The line the cursor is on. */
function cursorLine() {
  const before = input.value.slice(0, input.selectionStart);
  return before.split('\n').length - 1;
}

let shownLine = -1;
let shownText = null;
/** `check`'s findings of the whole text as it stands (`null` when the settings clash). */
let found = [];

function renderCursor(force = false) {
  const lines = input.value.split('\n');
  const index = Math.min(cursorLine(), lines.length - 1);
  const line = lines[index] ?? '';
  if (!force && index === shownLine && line === shownText) return;
  shownLine = index;
  shownText = line;
  $('line-number').textContent = String(index + 1);
  const kind = lineKind();
  const name = notation.value === 'auto' ? `sniffed: ${kind === 'dfen' ? 'DFEN or FEN' : NAMES[kind]}` : `read as ${NAMES[kind] ?? kind}`;
  $('line-kind').textContent = skipped(line) ? '' : `${name}${chess960.checked ? ', Chess960' : ''}`;
  renderConversions(line, kind, index + 1, found);
  renderPosition(line, kind);
}

/** The settings and input in the address, so that a link shows the same. */
function saveToAddress() {
  const state = new URLSearchParams({ notation: notation.value, profile: profile.value, dialect: dialect.value });
  if (chess960.checked) state.set('chess960', '1');
  state.set('input', input.value);
  history.replaceState(null, '', `#${state}`);
}

function loadFromAddress() {
  const state = new URLSearchParams(location.hash.slice(1));
  const pick = (select, value) => {
    if (value && [...select.options].some((option) => option.value === value)) select.value = value;
  };
  pick(notation, state.get('notation'));
  pick(profile, state.get('profile'));
  pick(dialect, state.get('dialect'));
  chess960.checked = state.get('chess960') === '1';
  input.value = state.has('input') ? state.get('input') : EXAMPLE;
}

function showSettings() {
  const chosen = notation.value;
  $('profile-label').classList.toggle('hidden', !PROFILED.has(chosen));
  $('dialect-label').classList.toggle('hidden', !DIALECT_VARIANTS.has(chosen));
}

function update() {
  showSettings();
  found = renderFindings(input.value);
  renderCursor(true);
  saveToAddress();
}

loadFromAddress();
$('version').textContent = fenkit.version;
input.addEventListener('input', update);
for (const control of [notation, profile, dialect, chess960]) control.addEventListener('change', update);
for (const event of ['keyup', 'click', 'select', 'focus']) input.addEventListener(event, () => renderCursor());
document.addEventListener('selectionchange', () => {
  if (document.activeElement === input) renderCursor();
});
$('share').addEventListener('click', () => navigator.clipboard?.writeText(location.href).catch(() => {}));
window.addEventListener('hashchange', () => {
  loadFromAddress();
  update();
});
update();
document.body.dataset.ready = 'true';
