// The types of the `fenkit` npm package (scripts/build-wasm ships this file as `fenkit.d.mts`
// and `fenkit.d.cts`). The functions are those of the Python module, in JavaScript's
// conventions: camelCase, options objects, spans in UTF-16 code units.

/** Text to read: a string, or the bytes of UTF-8 text (else `FENKIT001`). */
export type Text = string | Uint8Array;

/** The DFEN dialect to read and write. */
export type Profile = 'spec' | 'lenient' | 'engine';
/** A notation of the table (every notation of `fenkit check --notation`): what `check`, `canonical` and `positionKey` read. Sniffed when not given, as `fenkit` sniffs standard input. */
export type Notation = 'dfen' | 'fen' | 'epd' | 'perft' | 'fen4' | 'ndjson4' | 'movetext' | 'pgn';
/**
 * A variant: standard chess, Dice Chess, three-check, crazyhouse or two-move chess, or a
 * variant of the rules table judged by its own rules (antichess, giveaway, atomic, horde,
 * racing kings, king of the hill). The table's other spellings are read too (`'racingKings'`,
 * `'Racing Kings'`, `'3check'` …).
 */
export type VariantName =
  | 'chess' | 'dice' | 'threecheck' | 'crazyhouse' | 'twomove'
  | 'antichess' | 'giveaway' | 'atomic' | 'horde' | 'racingkings' | 'kingofthehill';
/**
 * How a variant's state is written (`essay` is fenkit's canonical form); `auto`, the default,
 * reads each text in the dialect it is written in.
 */
export type Dialect = 'essay' | 'stockfish' | 'lichess' | 'auto';
/** A form `convert` reads or writes (`fenkit convert --from` and `--to`). `json` is the DFEN or FEN4 JSON form, by the other side; `perft` and `ndjson4` are read only. */
export type Format = 'dfen' | 'dfen-engine' | 'fen' | 'epd' | 'perft' | 'json' | 'dfen-json' | 'fen4' | 'fen4-json' | 'fen4-pieces' | 'ndjson4';
/** How Chess960 castling rights are written: X-FEN (`KQkq`, a file letter for an inner rook) or Shredder-FEN (`HAha`). */
export type Castling = 'xfen' | 'shredder';
/** Which en-passant squares are kept: every square written (`always`), or those a double push could leave (`fen`), a pawn can capture onto (`xfen`), a legal capture can use now (`legal`). */
export type EnPassant = 'always' | 'fen' | 'xfen' | 'legal';
/** The reading of the king-capture exemption of the Maximum Micro-moves rule (`spec/rules.md`). */
export type KingCapture = 'first' | 'any';
export type Severity = 'error' | 'warning';
export type Side = 'white' | 'black';
/** `[start, end]`: UTF-16 offsets into a string (what `slice` and an editor count), or byte offsets into a `Uint8Array`. */
export type Span = [start: number, end: number];

/** One finding about a position. */
export interface Finding {
  /** The stable code, e.g. `"DFEN107"` (`spec/codes.md`). */
  code: string;
  /** `syntax`, `non-canonical`, `position`, `record`, `conversion`, `rule` or `input`. */
  category: string;
  severity: Severity;
  span: Span;
  /** One lowercase sentence: what was expected and what was found. */
  message: string;
  /** How to fix it, when that is known. */
  help: string | null;
  /** Whether `canonical` (and `fenkit fmt`) fixes it. */
  fixable: boolean;
}

/** What every rejected text and refused request throws. */
export declare class FenkitError extends Error {
  name: 'FenkitError';
  /** `syntax`: the text cannot be read; `position`: an error finding rejects it; `rules`: the rules refuse the request; `conversion`: the target cannot hold the position. */
  kind: 'syntax' | 'position' | 'rules' | 'conversion';
  /** The stable code, e.g. `"DFEN004"`, `"FEN4008"`, `"RULE005"`, `"FENKIT003"`. */
  code: string;
  category: string;
  span: Span;
  help: string | null;
  /** What would have been accepted (syntax and rules errors). */
  expected: string;
  /** What the text has there (syntax and rules errors). */
  found: string;
  /** FEN4 syntax errors: the reference parsers' code (-2 to -6). */
  refCode: number | null;
  /** FEN4 syntax errors: the reference parsers' character offset. */
  offset: number | null;
  /** An illegal move: the legal ones, in UCI. */
  legalMoves: string[];
  /** A refused conversion: what it would drop. */
  dropped: string[];
  /** `convert` of PGN games: what `fenkit convert` writes all the same (every game's projection, a game with an error up to it); `null` otherwise. */
  written: string | null;
}

/** A DFEN position's fields. */
export interface Position {
  /** The canonical DFEN of this position. */
  dfen: string;
  /** The pieces: square name to FEN letter, e.g. `{ e1: 'K', e8: 'k' }`. */
  board: Record<string, string>;
  side: Side;
  /** Field 3 as written canonically: `"KQkq"`, `"-"`. */
  castling: string;
  /** The en-passant target squares, alphabetically. */
  enPassant: string[];
  halfmove: number;
  fullmove: number;
  /** Field 7: the pending dice in the side's case (`"PN"`, `"pn"`), `"-"` at a fresh turn. */
  dice: string;
}

export interface ReadOptions {
  /** Every fixable finding becomes an error. */
  strict?: boolean;
}

export interface DfenOptions extends ReadOptions {
  /** The dialect to read and write; `spec` by default. */
  profile?: Profile;
}

export interface VariantOptions extends ReadOptions {
  /** Three-check's number of checks that wins, 1 to 255; 3 by default. */
  checkLimit?: number;
}

/** How `check`, `canonical` and `positionKey` read a text. */
export interface CheckOptions extends ReadOptions {
  notation?: Notation;
  /** Read castling as Chess960 does (`--chess960`). */
  chess960?: boolean;
  profile?: Profile;
  /** A variant's FEN instead (`chess` is `fen`, `dice` is `dfen`). */
  variant?: VariantName;
  /** With `variant`: the dialect it is written in; `auto` by default. */
  dialect?: Dialect;
  checkLimit?: number;
}

/** How `canonical` writes a text, beside how it reads it (`fenkit fmt`'s flags). */
export interface CanonicalOptions extends CheckOptions {
  /** With `variant` threecheck, crazyhouse or twomove: the dialect to write; the one read by default. */
  toDialect?: Dialect;
  /** In Chess960 mode: the castling spelling to write; by default each line keeps its own. */
  castling?: Castling;
  /** The en-passant squares to keep; `always` (every square written) by default. */
  enPassant?: EnPassant;
}

export interface KeyOptions extends CheckOptions {
  /** `always` (default): every en-passant square counts; `legal`: only those a capture onto is legal now; `fen`, `xfen` as `enPassant`. */
  ep?: EnPassant;
}

export interface ConvertOptions {
  /** The form to read (`notation` is the same option); guessed from the text when not given. `pgn`: PGN games, each projected as `to` says. */
  from?: Format | 'pgn';
  notation?: Format | 'pgn';
  /** The format to write; with a variant, only `fen` (else give `toDialect`). For PGN games: `uci` (each game's moves, a line per game), `fen` or `epd` (its positions), `json` (the game). */
  to?: Format | 'uci';
  /** PGN games, `to: 'fen'` or `'epd'`: the position after every move of the mainline (`all`, the default), or after its last (`final`: a line per game). */
  positions?: 'all' | 'final';
  /** The DFEN dialect DFEN and FEN text is read in. */
  profile?: Profile;
  /** A variant's FEN, converted between its dialects or to standard FEN. */
  variant?: VariantName;
  /** The variant's dialect read; `auto` by default. */
  dialect?: Dialect;
  /** The variant's dialect to write; `essay` by default. */
  toDialect?: Dialect;
  checkLimit?: number;
  /** Read and write castling as Chess960 does. */
  chess960?: boolean;
  /** In Chess960 mode: the castling spelling to write; X-FEN by default. */
  castling?: Castling;
  /** The en-passant squares to keep; `always` by default (`legal` for PGN games, as the command line writes them). */
  enPassant?: EnPassant;
  /** Convert even when the target cannot hold everything: drop what it cannot. */
  lossy?: boolean;
}

export interface RulesOptions {
  kingCapture?: KingCapture;
}

interface Parsed {
  /** What `fenkit fmt` writes: every fixable finding applied. */
  readonly canonical: string;
  /** Every finding, in the library's order. */
  readonly findings: Finding[];
  /** Whether a finding is an error: the position is not sound. */
  readonly hasErrors: boolean;
}

/** A DFEN read under a profile. Its details are read when first asked for. */
export interface ParsedDfen extends Parsed {
  readonly profile: Profile;
  /** The position as written (fixable findings not applied). */
  readonly position: Position;
  /** The position with every fixable finding applied. */
  readonly fixed: Position;
  /** The position as written, in the reference engine's dialect (spelling fixes only). */
  readonly engine: string;
  /** The identity key `fenkit dedupe` compares (`spec/identity.md`). */
  positionKey(options?: { ep?: 'always' | 'legal' }): string;
}

/** One FEN4 piece: its coordinates and its spec (`"K"`, `"Pw"`, `"py"`). */
export interface Fen4Piece {
  at: [x: number, y: number, z: number, w: number];
  piece: string;
}

/** A FEN4 literal read. */
export interface ParsedFen4 extends Parsed {
  /** By ascending square index. */
  readonly pieces: Fen4Piece[];
  positionKey(): string;
}

/** A variant FEN read in a dialect. */
export interface ParsedVariant extends Parsed {
  readonly variant: VariantName;
  /** The dialect `canonical` is written in: the one read. */
  readonly dialect: Dialect;
  /** The canonical form: the essay dialect, every fixable finding applied. */
  readonly essay: string;
  /** The standard fields, fixed. */
  readonly position: Position;
  /** Three-check: the checks given by White and by Black. */
  readonly checks: [white: number, black: number];
  readonly checkLimit: number;
  /** Crazyhouse: the pieces in hand, White's first (`""` for none). */
  readonly holdings: string;
  /** Crazyhouse: the squares of promoted pieces, alphabetically. */
  readonly promoted: string[];
  /** Two-move chess: the move of the turn about to be made. */
  readonly subTurn: 1 | 2;
  /** The position in another dialect of its variant. */
  toDialect(dialect: Dialect): string;
  /** Standard six-field FEN; throws `FenkitError` `FENKIT003` (with `dropped`) when that loses something. */
  toFen(): string;
  positionKey(): string;
}

/** One complete legal turn. */
export interface Turn {
  /** The micro-moves in UCI; empty for a pass. */
  moves: string[];
  /** The DFEN after the turn. */
  position: string;
  winner: Side | null;
}

/** What follows a micro-move. */
export interface Outcome {
  /** The DFEN afterwards, turn transition included. */
  position: string;
  /** The move played, in UCI. */
  played: string | null;
  turnEnded: boolean;
  /** The side that captured the king, when the move did. */
  winner: Side | null;
}

/** The package version. */
export declare const version: string;

/** Reads one DFEN (or standard FEN); a syntax error throws `FenkitError`. */
export declare function parseDfen(text: Text, options?: DfenOptions): ParsedDfen;
/** Reads one FEN4 literal; a syntax error throws `FenkitError` with `refCode` and `offset`. */
export declare function parseFen4(text: Text, options?: ReadOptions): ParsedFen4;
/** Reads one variant FEN written in `dialect`; a syntax error throws `FenkitError`. */
export declare function parseVariant(text: Text, variant: VariantName | (string & {}), dialect?: Dialect, options?: VariantOptions): ParsedVariant;
/** One move of a PGN game, as `fenkit convert --to json` writes it. */
export interface PgnMove {
  /** The move in SAN, as the rules write it (`--` for a null move). */
  san: string;
  /** The move in UCI, as python-chess writes it (`0000` for a null move). */
  uci: string;
  /** The position after the move; `null` once a line has had an illegal move. */
  fen: string | null;
  /** The comments after the move, joined; `null` without one. */
  comment: string | null;
  /** The move's NAGs (`!` is 1). */
  nags: number[];
  /** The lines of play that replace this move, each from the position before it. */
  variations: PgnMove[][];
  /** The comment before the move, when it starts a line of play. */
  starting_comment?: string;
}

/** One game of a PGN text: the JSON form `fenkit convert --to json` writes, and its findings. */
export interface PgnGame {
  /** The tag pairs, name to value (a tag given twice keeps its first value). */
  tags: Record<string, string>;
  /** The comment before the first move. */
  comment?: string;
  moves: PgnMove[];
  /** The game termination marker, else the `Result` tag, else `*`. */
  result: string;
  /** Every finding about the game, as `fenkit check` reports it; spans into the whole text. */
  findings: Finding[];
}

/**
 * The games of a PGN text, every move of every line read against its position as `fenkit check` reads them. Never throws for a fault of the games (each is a finding); throws `FenkitError` for bytes that are not UTF-8.
 *
 * The PGN reader is a second WebAssembly module, loaded on first use. In Node the first call loads it synchronously; in a browser (`browser.mjs`) call `await loadPgn()` once first, or `readPgn` throws an `Error` saying so.
 */
export declare function readPgn(text: Text): PgnGame[];
/** Loads the notation engine (a second WebAssembly module: the notation library behind `check`, and the PGN reader) if it is not loaded yet; once it resolves, `check` and `readPgn` answer synchronously. Needed before them in a browser; harmless in Node. */
export declare function loadEngine(): Promise<void>;
/** The older name of `loadEngine`. */
export declare function loadPgn(): Promise<void>;

/** A finding of `check`: placed at its line and column too. */
export interface CheckedFinding extends Finding {
  /** The line its position starts on, from 1. */
  line: number;
  /** Where the span starts in its line, in UTF-16 code units (bytes for a `Uint8Array`): `fenkit check`'s column − 1 on an ASCII line. */
  column: number;
}

/**
 * Every finding of `text` as `fenkit check --notation … -` reports it for the same text on standard input: the same codes, severities, messages, lines and columns, read by the notation library (every notation and variant of the command line: FEN, EPD, DFEN, FEN4, perft suites, movetext, Chess960, the variants). `notation` unset reads the text as a file without an extension: by its first position. `[]` when clean. Throws `RangeError` for options that do not go together, as the command line refuses its flags.
 *
 * The notation library is the second WebAssembly module: in a browser, `await loadEngine()` once first, or `check` throws an `Error` saying so.
 */
export declare function check(text: Text, options?: CheckOptions): CheckedFinding[];
/** A command inside a comment of PGN games or movetext that fenkit keeps as written without reading it. */
export interface CommentCommand {
  /** Its name, after `%`: `'foo'` for `[%foo 1]`. */
  name: string;
  /** `unknown`: a name fenkit does not read; `malformed`: a known name (`clk`, `emt`, `eval`, `csl`, `cal`) whose arguments are not its syntax; `rest-of-line`: any command in a `;` comment, where none is read. */
  kind: 'unknown' | 'malformed' | 'rest-of-line';
  /** From `[` to `]`, in UTF-16 code units of the text (bytes for a `Uint8Array`). */
  span: [start: number, end: number];
  /** The line it starts on, from 1. */
  line: number;
  /** Where it starts in its line, counted as `span` is: `fenkit check -v`'s column − 1 on an ASCII line. */
  column: number;
  /** The note `fenkit check -v` gives about it. */
  message: string;
}

/**
 * Every command inside the comments of `text` that fenkit keeps as written without reading it, as `fenkit check -v --notation … -` notes them for the same text on standard input (the command line says one note per name and file; this gives every one, in text order). PGN games (`notation: 'pgn'`) and movetext hold comments; other texts give `[]`. Takes `check`'s options, and throws `RangeError` where `check` does; throws `FenkitError` for bytes that are not UTF-8.
 *
 * The notation library is the second WebAssembly module: in a browser, `await loadEngine()` once first.
 */
export declare function commentCommands(text: Text, options?: CheckOptions): CommentCommand[];
/**
 * What `fenkit fmt --notation … -` writes for `text` on standard input, in every notation of the table (EPD and Chess960 castling included): each position canonical, every other byte kept; PGN games (`notation: 'pgn'`) with their `[FEN]` tags canonical and their movetext fixed as `fmt` fixes it. Throws `FenkitError` for a position or a move with an error (which `fmt` reports), `RangeError` for options that do not go together.
 *
 * Read by the notation library, the second WebAssembly module: in a browser, `await loadEngine()` once first.
 */
export declare function canonical(text: Text, options?: CanonicalOptions): string;
/** What `fenkit convert --from … --to … -` writes for `text` (without a final line end the text has not); throws `FenkitError` for the first position it refuses, `RangeError` for options that do not go together. PGN games (`from: 'pgn'`) are converted as `fenkit convert --notation pgn --to uci|fen|epd|json -` converts them; a game with an error throws the `FenkitError` of the first, whose `written` holds what the command line writes all the same, one projection a game (`readPgn` reads every game with its findings). In a browser, `await loadEngine()` once first. */
export declare function convert(text: Text, options: ConvertOptions): string;
/** The legal first micro-moves of a DFEN with dice, in UCI; `[]` when the turn passes. */
export declare function legalMoves(text: Text, options?: RulesOptions): string[];
/** Every complete legal turn of a DFEN with dice. */
export declare function turns(text: Text, options?: RulesOptions): Turn[];
/** Plays one micro-move; an illegal one throws `FenkitError` (`RULE005`, with `legalMoves`). */
export declare function play(text: Text, uci: string, options?: RulesOptions): Outcome;
/** The identity key `fenkit dedupe` compares (`spec/identity.md`) for the one position of `text`, in every notation of the table. In a browser, `await loadEngine()` once first. */
export declare function positionKey(text: Text, options?: KeyOptions): string;
