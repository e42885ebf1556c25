// The fenkit playground: findings as you type, a board for the line under the cursor, its
// conversions, and the input in the address. Static files only: the package's browser build
// (../pkg/browser.mjs, written by scripts/build-wasm) does all the work in the page.

import * as fenkit from '../pkg/browser.mjs';

// `check` is the notation library's, in the package's second module: loaded once, here.
await fenkit.loadEngine();

const $ = (id) => document.getElementById(id);
const input = $('input');
const notation = $('notation');
const profile = $('profile');
const dialect = $('dialect');
const VARIANTS = new Set(['threecheck', 'crazyhouse', 'twomove']);
const SVG = 'http://www.w3.org/2000/svg';
const EXAMPLE = [
  '# one position per line; try editing them',
  'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1',
  '4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 PNB',
].join('\n');

/** Lines that hold no position, as `fenkit check` skips them. */
const skipped = (line) => line.trim() === '' || line.trimStart().startsWith('#');

/** The options the current settings read a line with. */
function readOptions() {
  const chosen = notation.value;
  if (VARIANTS.has(chosen)) return { variant: chosen, dialect: dialect.value };
  if (chosen === 'auto') return { profile: profile.value };
  return { notation: chosen, profile: profile.value };
}

/** The notation of one line: the one chosen, or FEN4 or DFEN by its start. */
function lineNotation(line) {
  const chosen = notation.value;
  if (chosen !== 'auto') return chosen;
  return line.trimStart().startsWith('4d-fen') ? 'fen4' : 'dfen';
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One finding drawn as `fenkit check` draws it: the line, a caret under the span, the help. */
function drawFinding(finding, lineNumber, line) {
  const [start, end] = finding.span;
  const gutter = ' '.repeat(String(lineNumber).length);
  const block = element('pre', `finding ${finding.severity}`);
  block.dataset.code = finding.code;
  block.dataset.line = String(lineNumber);
  block.dataset.column = String(start + 1);
  block.append(element('span', 'head', `${finding.severity}[${finding.code}]: ${finding.message}`));
  block.append(`\n${gutter}--> line ${lineNumber}, column ${start + 1}\n${gutter} |\n${lineNumber} | ${line}\n${gutter} | `);
  const caret = element('span', 'caret', `${' '.repeat(start)}${'^'.repeat(Math.max(1, end - start))}`);
  block.append(caret);
  if (finding.help) {
    block.append(`\n${gutter} |\n${gutter} = `);
    block.append(element('span', 'help', `help: ${finding.help}`));
  }
  return block;
}

function renderFindings(lines) {
  const list = $('findings');
  list.replaceChildren();
  let errors = 0;
  let warnings = 0;
  const options = readOptions();
  lines.forEach((line, i) => {
    if (skipped(line)) return;
    for (const finding of fenkit.check(line, options)) {
      if (finding.severity === 'error') errors++;
      else warnings++;
      list.append(drawFinding(finding, i + 1, line));
    }
  });
  if (errors + warnings === 0) list.append(element('p', 'clean', 'No findings: every position is sound and canonical.'));
  $('summary').textContent = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  document.body.dataset.findings = String(errors + warnings);
}

/** An 8×8 board: pieces as letters on discs, en-passant squares ringed, promoted pieces marked. */
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
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) {
      const square = `${'abcdefgh'[file]}${rank + 1}`;
      const x = 24 + file * size;
      const y = (7 - rank) * size;
      add('rect', { x, y, width: size, height: size, fill: (file + rank) % 2 ? 'var(--light)' : 'var(--dark)', 'data-square': square });
      const piece = board[square];
      if (piece) {
        const white = piece === piece.toUpperCase();
        const disc = add('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: white ? '#fff' : '#222', stroke: '#222', 'stroke-width': 1.5 });
        disc.dataset.piece = piece;
        disc.dataset.at = square;
        add('text', { x: x + size / 2, y: y + size / 2 + 6, 'text-anchor': 'middle', 'font-size': 18, 'font-family': 'DejaVu Sans, sans-serif', 'font-weight': 'bold', fill: white ? '#222' : '#fff' }, piece.toUpperCase());
        if (promoted.includes(square)) add('text', { x: x + size - 8, y: y + 12, 'font-size': 14, fill: 'var(--mark)' }, '~');
      } else if (enPassant.includes(square)) {
        const ring = add('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.3, fill: 'none', stroke: 'var(--mark)', 'stroke-width': 3, 'stroke-dasharray': '4 3' });
        ring.dataset.enPassant = square;
        add('text', { x: x + size / 2, y: y + size / 2 + 5, 'text-anchor': 'middle', 'font-size': 14, fill: 'var(--mark)' }, '*');
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

function facts(entries) {
  const list = element('dl');
  for (const [name, value] of entries) {
    list.append(element('dt', '', name), element('dd', '', value));
  }
  return list;
}

/** The board and facts of one line, as `fenkit show` draws them. */
function renderPosition(line) {
  const board = $('board');
  const about = $('facts');
  board.replaceChildren();
  about.replaceChildren();
  if (skipped(line)) {
    board.append(element('p', 'clean', 'No position on this line.'));
    return;
  }
  const kind = lineNotation(line);
  try {
    if (kind === 'fen4') {
      const parsed = fenkit.parseFen4(line);
      board.append(drawFen4(parsed.pieces));
      about.append(facts([['pieces', String(parsed.pieces.length)]]));
    } else if (VARIANTS.has(kind)) {
      const parsed = fenkit.parseVariant(line, kind, dialect.value);
      const { position } = parsed;
      board.append(drawBoard(position.board, { enPassant: position.enPassant, promoted: parsed.promoted }));
      const rows = [['side to move', position.side], ['castling', position.castling], ['en passant', position.enPassant.join(' ') || '-']];
      if (kind === 'threecheck') rows.push(['checks given', `White ${parsed.checks[0]}, Black ${parsed.checks[1]} of ${parsed.checkLimit}`]);
      if (kind === 'crazyhouse') rows.push(['pockets', parsed.holdings || '-'], ['promoted', parsed.promoted.join(' ') || '-']);
      if (kind === 'twomove') rows.push(['sub-turn', String(parsed.subTurn)]);
      about.append(facts(rows));
    } else {
      const parsed = fenkit.parseDfen(line, { profile: profile.value });
      const { position } = parsed;
      board.append(drawBoard(position.board, { enPassant: position.enPassant }));
      about.append(facts([
        ['side to move', position.side],
        ['castling', position.castling],
        ['en passant', position.enPassant.length ? `${position.enPassant.join(' ')} (marked *)` : '-'],
        ['dice', position.dice === '-' ? '- (a fresh turn)' : position.dice],
        ['halfmove', String(position.halfmove)],
        ['fullmove', String(position.fullmove)],
      ]));
      if (position.dice !== '-') {
        try {
          about.append(facts([['legal moves', fenkit.legalMoves(line).join(' ') || '(the turn passes)']]));
        } catch (error) {
          about.append(facts([['legal moves', `${error.code}: ${error.message}`]]));
        }
      }
    }
  } catch (error) {
    if (!(error instanceof fenkit.FenkitError)) throw error;
    board.append(element('p', 'refused', `No board: ${error.code}: ${error.message}`));
  }
}

/** The conversions of one line: each target, or why it is refused. */
function renderConversions(line) {
  const table = $('conversions');
  table.replaceChildren();
  if (skipped(line)) return;
  const kind = lineNotation(line);
  const rows = [];
  if (kind === 'fen4') {
    for (const to of ['fen4', 'fen4-json', 'fen4-pieces']) rows.push([to, { from: 'fen4', to }]);
  } else if (VARIANTS.has(kind)) {
    for (const toDialect of ['essay', 'stockfish', 'lichess']) rows.push([`${kind}, ${toDialect}`, { variant: kind, dialect: dialect.value, toDialect }]);
    rows.push(['FEN', { variant: kind, dialect: dialect.value, to: 'fen' }]);
  } else {
    const from = kind === 'fen' ? 'fen' : 'dfen';
    rows.push(['canonical', null]);
    for (const [name, to] of [['DFEN', 'dfen'], ['FEN', 'fen'], ['DFEN, engine', 'dfen-engine'], ['JSON', 'json']]) {
      rows.push([name, { from, to, profile: profile.value }]);
    }
  }
  for (const [name, options] of rows) {
    const row = element('tr');
    row.append(element('th', '', name));
    try {
      const written = options === null ? fenkit.canonical(line, readOptions()) : fenkit.convert(line, options);
      row.append(element('td', '', written));
    } catch (error) {
      if (!(error instanceof fenkit.FenkitError)) throw error;
      row.append(element('td', 'refused', `${error.code}: ${error.message}`));
    }
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

function renderCursor(force = false) {
  const lines = input.value.split('\n');
  const index = Math.min(cursorLine(), lines.length - 1);
  const line = lines[index] ?? '';
  if (!force && index === shownLine && line === shownText) return;
  shownLine = index;
  shownText = line;
  $('line-number').textContent = String(index + 1);
  renderPosition(line);
  renderConversions(line);
}

/** The settings and input in the address, so that a link shows the same. */
function saveToAddress() {
  const state = new URLSearchParams({ notation: notation.value, profile: profile.value, dialect: dialect.value, input: input.value });
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
  input.value = state.has('input') ? state.get('input') : EXAMPLE;
}

function showSettings() {
  const chosen = notation.value;
  $('profile-label').classList.toggle('hidden', VARIANTS.has(chosen) || chosen === 'fen4');
  $('dialect-label').classList.toggle('hidden', !VARIANTS.has(chosen));
}

function update() {
  showSettings();
  renderFindings(input.value.split('\n'));
  renderCursor(true);
  saveToAddress();
}

loadFromAddress();
$('version').textContent = fenkit.version;
input.addEventListener('input', update);
for (const select of [notation, profile, dialect]) select.addEventListener('change', update);
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
