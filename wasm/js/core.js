// The API of the `fenkit` npm package, over the WebAssembly module's boundary (wasm/src/lib.rs).
//
// This one file serves every entry point: scripts/build-wasm copies it as `core.mjs` and, with
// its last line turned into `module.exports`, as `core.cjs`. It imports nothing; the entry
// points hand `createApi` the module's exports, loaded as their platform loads WebAssembly.
//
// How a call crosses the boundary: the text's UTF-8 bytes are written straight into the
// module's memory, the settings go as one number, and the answer of the hot path (`status`)
// is one number too. Findings, canonical forms and details are read again only when asked for,
// and come back as one JSON string.

/* eslint-disable no-bitwise */

// What a result keeps, out of its public names.
const DETAILS = Symbol('details');
const TEXT = Symbol('text');
const BITS = Symbol('bits');

const REJECTED = 1;
const HAS_ERRORS = 2;
const UNCHANGED = 4;
const COUNT_SHIFT = 8;

/** The error every rejected text and refused request throws. */
class FenkitError extends Error {
  constructor(fields) {
    super(fields.message);
    this.name = 'FenkitError';
    /** `syntax`, `position`, `rules` or `conversion`. */
    this.kind = fields.kind;
    this.code = fields.code;
    this.category = fields.category;
    /** `[start, end]`: UTF-16 offsets into the text (bytes, for a `Uint8Array`). */
    this.span = fields.span;
    this.help = fields.help ?? null;
    this.expected = fields.expected ?? '';
    this.found = fields.found ?? '';
    this.refCode = fields.refCode ?? null;
    this.offset = fields.offset ?? null;
    this.legalMoves = fields.legalMoves ?? [];
    this.dropped = fields.dropped ?? [];
    /** `convert` of PGN games: what `fenkit convert` writes all the same, one projection a game. */
    this.written = fields.written ?? null;
  }
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? `a ${value.constructor?.name ?? 'object'}` : `a ${typeof value}`;
}

function quoteList(names) {
  const quoted = names.map((name) => JSON.stringify(name));
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** The first lone surrogate of `text` from `from` on, or -1. */
function loneSurrogate(text, from) {
  for (let i = from; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
      } else {
        return i;
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return i;
    }
  }
  return -1;
}

/** `FENKIT001` for a string that has no UTF-8 form: a lone surrogate at `at`. */
function surrogateFinding(text, at) {
  const unit = text.charCodeAt(at).toString(16);
  return {
    code: 'FENKIT001',
    category: 'input',
    severity: 'error',
    span: [at, at + 1],
    message: `invalid UTF-16 at offset ${at}: expected text, found a lone surrogate 0x${unit}`,
    help: null,
    fixable: false,
  };
}

/**
 * The writer of texts into the input buffer of one module (`raw`, its exports): a function
 * from a text to its length in bytes (`put`, inside).
 */
function inputOf(raw, encoder) {
  // The input buffer in the module's memory, and a view of it. The view is made again when
  // the buffer moves or the memory grows (growing detaches the old buffer).
  const memory = raw.module_memory();
  let at = 0;
  let capacity = 0;
  let window = new Uint8Array(0);

  function reserve(length) {
    if (length > capacity) {
      capacity = Math.max(length, 1024, capacity * 2);
      at = raw.input(capacity);
      window = new Uint8Array(memory.buffer, at, capacity);
    } else if (window.buffer !== memory.buffer) {
      // A detached view has lost its offset too: it is kept in `at`.
      window = new Uint8Array(memory.buffer, at, capacity);
    }
  }

  /**
   * Writes `text` into the input buffer and returns its length in bytes, or `-1 - i` for a
   * string with a lone surrogate at `i`, which no UTF-8 can hold.
   */
  function put(text) {
    if (typeof text === 'string') {
      const length = text.length;
      // Room for the longest UTF-8 form: 3 bytes a UTF-16 unit. The encoder is the fastest
      // way in (wasm/bench: about 3.5 times a loop of charCodeAt over ASCII).
      reserve(length * 3);
      const { written } = encoder.encodeInto(text, window);
      if (written !== length) {
        // Not ASCII: a lone surrogate has no UTF-8 form (the encoder wrote U+FFFD for it).
        const lone = loneSurrogate(text, 0);
        if (lone >= 0) return -1 - lone;
      }
      return written;
    }
    if (text instanceof Uint8Array) {
      reserve(text.length);
      window.set(text);
      return text.length;
    }
    throw new TypeError(`expected text (a string or a Uint8Array), found ${describe(text)}`);
  }

  return put;
}

/**
 * The API over `raw`, the main module's exports. `pgn` says how the entry point loads the PGN
 * reader, a second module (scripts/build-wasm) that is loaded on first use: `load()` resolves
 * to its exports; `loadSync()`, where the platform can (Node), returns them at once.
 */
function createApi(raw, pgn) {
  const words = JSON.parse(raw.vocabulary());
  const numbered = (names) => new Map(names.map((name, i) => [name, i]));
  const PROFILES = numbered(words.profiles);
  const VARIANTS = numbered(words.variants);
  // The other spellings of the variants (the rules table's aliases, PGN `Variant` values).
  const ALIASES = new Map(Object.entries(words.aliases));
  const variantNamed = (name) => (VARIANTS.has(name) ? name : ALIASES.get(name) ?? name);
  const DIALECTS = numbered(words.dialects);
  const READINGS = numbered(words.readings);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();

  const put = inputOf(raw, encoder);

  /** The error of a string with a lone surrogate: `length` is what `put` returned. */
  function surrogateError(text, length) {
    return new FenkitError({ kind: 'syntax', ...surrogateFinding(text, -1 - length) });
  }

  // Numbers of the settings, as `Reader::decode` (wasm/src/read.rs) reads them: what a parse
  // function reads, then the settings.
  const READS_DFEN = 1;
  const READS_FEN4 = 2;
  const VARIANT_SHIFT = 4;
  const PROFILE_SHIFT = 8;
  const DIALECT_SHIFT = 10;
  const STRICT = 1 << 12;
  const BYTES = 1 << 13;
  const CHECK_LIMIT_SHIFT = 16;

  function choice(what, table, value, fallback) {
    if (value === undefined) return fallback;
    const number = table.get(value);
    if (number === undefined) {
      throw new RangeError(`unknown ${what} ${JSON.stringify(value)}: expected ${quoteList([...table.keys()])}`);
    }
    return number;
  }

  function optionsOf(options) {
    if (options === undefined || options === null) return {};
    if (typeof options !== 'object') {
      throw new TypeError(`expected an options object, found ${describe(options)}`);
    }
    if (typeof options.variant === 'string' && !VARIANTS.has(options.variant) && ALIASES.has(options.variant)) {
      return { ...options, variant: ALIASES.get(options.variant) };
    }
    return options;
  }

  function checkLimitOf(limit) {
    if (limit === undefined) return 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 255) {
      throw new RangeError(`checkLimit must be a whole number from 1 to 255, found ${limit}`);
    }
    return limit;
  }

  /**
   * The settings number for reading `text` as `options` say: `reads` is what a parse function
   * reads (a DFEN or a FEN4), unless `variant` names a variant read by the variant parser.
   */
  function settings(text, { reads, variant, profile, dialect, checkLimit, strict }) {
    let bits = 0;
    if (variant !== undefined) {
      bits |= (1 + choice('variant', VARIANTS, variantNamed(variant), 0)) << VARIANT_SHIFT;
    } else {
      bits |= reads;
    }
    bits |= choice('profile', PROFILES, profile, 0) << PROFILE_SHIFT;
    // A variant is read in the dialect it is written in unless `dialect` says otherwise.
    bits |= choice('dialect', DIALECTS, dialect ?? 'auto', 0) << DIALECT_SHIFT;
    bits |= checkLimitOf(checkLimit) << CHECK_LIMIT_SHIFT;
    if (strict) bits |= STRICT;
    if (text instanceof Uint8Array) bits |= BYTES;
    return bits;
  }

  /**
   * The value of an answer of the module: `=` and a string, `!` and the fields of the error
   * to throw, or JSON (wasm/src/lib.rs, `answer`).
   */
  function answerOf(answer) {
    const first = answer.charCodeAt(0);
    if (first === 0x3d) return answer.slice(1);
    if (first === 0x21) throw new FenkitError(JSON.parse(answer.slice(1)));
    return JSON.parse(answer);
  }

  function textOf(text) {
    return typeof text === 'string' ? text : decoder.decode(text);
  }

  /** A copy of a `Uint8Array` (a result reads its text again later); strings as they are. */
  function kept(text) {
    return typeof text === 'string' ? text : text.slice();
  }

  /** Reads `text` under `bits`: the status, or the syntax error thrown. */
  function readStatus(text, bits) {
    const length = put(text);
    if (length < 0) throw surrogateError(text, length);
    const status = raw.status(length, bits, 0);
    if (status & REJECTED) {
      const { error } = JSON.parse(raw.report(length, bits, 0));
      throw new FenkitError(error);
    }
    return status;
  }

  /** The details of a result, read again from its text. */
  function detailsOf(text, bits) {
    const length = put(text);
    return answerOf(raw.details(length, bits));
  }

  /** What every parse result shares: its text, settings and status, and lazy details. */
  class Parsed {
    #text;
    #bits;
    #status;
    #details = null;
    #findings = null;

    constructor(text, bits, status) {
      this.#text = text;
      this.#bits = bits;
      this.#status = status;
    }

    /** The details, read on first use. */
    get [DETAILS]() {
      if (this.#details === null) this.#details = detailsOf(this.#text, this.#bits);
      return this.#details;
    }

    /** What `fenkit fmt` writes: every fixable finding applied. */
    get canonical() {
      if (this.#status & UNCHANGED) return textOf(this.#text);
      if (this.#details === null && !(this.#status & HAS_ERRORS)) {
        // Only the canonical form, without the details: what `canonical()` writes.
        return answerOf(raw.canonical(put(this.#text), this.#bits));
      }
      return this[DETAILS].canonical;
    }

    /** Every finding, in the library's order. */
    get findings() {
      if (this.#status >>> COUNT_SHIFT === 0) return [];
      if (this.#details !== null) return this.#details.findings;
      // Only the findings, without the details: a tenth of the work.
      this.#findings ??= JSON.parse(raw.report(put(this.#text), this.#bits, 0)).findings;
      return this.#findings;
    }

    /** Whether a finding is an error: the position is not sound. */
    get hasErrors() {
      return (this.#status & HAS_ERRORS) !== 0;
    }

    get [TEXT]() {
      return this.#text;
    }

    get [BITS]() {
      return this.#bits;
    }
  }

  class ParsedDfen extends Parsed {
    #profile;

    constructor(text, bits, status, profile) {
      super(text, bits, status);
      this.#profile = profile;
    }

    /** The profile it was read under. */
    get profile() {
      return this.#profile;
    }

    /** The position as written (fixable findings not applied). */
    get position() {
      return this[DETAILS].position;
    }

    /** The position with every fixable finding applied. */
    get fixed() {
      return this[DETAILS].fixed;
    }

    /** The position as written, in the reference engine's dialect (spelling fixes only). */
    get engine() {
      return this[DETAILS].engine;
    }

    /** The identity key `fenkit dedupe` compares. */
    positionKey(options) {
      const { ep } = optionsOf(options);
      return keyOf(this[TEXT], this[BITS], ep);
    }
  }

  class ParsedFen4 extends Parsed {
    /** The pieces: `{ at: [x, y, z, w], piece: 'Pw' }`, by ascending square index. */
    get pieces() {
      return this[DETAILS].pieces;
    }

    /** The identity key: the canonical literal. */
    positionKey() {
      return keyOf(this[TEXT], this[BITS], undefined);
    }
  }

  class ParsedVariant extends Parsed {
    /** The variant's name. */
    get variant() {
      return this[DETAILS].variant;
    }

    /** The dialect of `canonical`: the one read. */
    get dialect() {
      return this[DETAILS].dialect;
    }

    /** The canonical form: the essay dialect, every fixable finding applied. */
    get essay() {
      return this[DETAILS].essay;
    }

    /** The standard fields of the position, fixed, as a `Position`. */
    get position() {
      return this[DETAILS].position;
    }

    /** Three-check: the checks given by White and by Black. */
    get checks() {
      return this[DETAILS].checks;
    }

    /** Three-check: the number of checks that wins. */
    get checkLimit() {
      return this[DETAILS].checkLimit;
    }

    /** Crazyhouse: the pieces in hand, White's first (`''` for none). */
    get holdings() {
      return this[DETAILS].holdings;
    }

    /** Crazyhouse: the squares of promoted pieces, alphabetically. */
    get promoted() {
      return this[DETAILS].promoted;
    }

    /** Two-move chess: 1 or 2, the move of the turn about to be made. */
    get subTurn() {
      return this[DETAILS].subTurn;
    }

    /** The position (fixed) in another dialect of its variant. */
    toDialect(dialect) {
      choice('dialect', DIALECTS, dialect, 0);
      if (dialect === 'auto') return this.canonical;
      const written = this[DETAILS].dialects[dialect];
      if (written === undefined) {
        throw new RangeError(`${this.variant} has no \`${dialect}\` dialect: expected "essay"`);
      }
      return written;
    }

    /** Standard six-field FEN; a `FenkitError` (`FENKIT003`, with `dropped`) when that loses something. */
    toFen() {
      const { fen } = this[DETAILS];
      if (fen.ok !== undefined) return fen.ok;
      throw new FenkitError({
        kind: 'conversion',
        code: 'FENKIT003',
        category: 'conversion',
        span: [0, this[TEXT].length],
        message: fen.message,
        help: 'pass `lossy: true` to `convert` to drop it',
        dropped: fen.dropped,
      });
    }

    /** The identity key `fenkit dedupe` compares. */
    positionKey() {
      return keyOf(this[TEXT], this[BITS], undefined);
    }
  }

  function keyOf(text, bits, ep) {
    const legal = choice('en-passant identity', new Map([['always', 0], ['legal', 1]]), ep, 0) === 1;
    const length = put(text);
    if (length < 0) throw surrogateError(text, length);
    return answerOf(raw.position_key(length, bits, legal));
  }

  // The no-options settings of the hot calls, worked out once.
  const DFEN = settings('', { reads: READS_DFEN });
  const FEN4 = settings('', { reads: READS_FEN4 });

  function parseDfen(text, options) {
    const { profile = 'spec', strict } = optionsOf(options);
    const bits = options === undefined && typeof text === 'string' ? DFEN : settings(text, { reads: READS_DFEN, profile, strict });
    const status = readStatus(text, bits);
    return new ParsedDfen(kept(text), bits, status, profile);
  }

  function parseFen4(text, options) {
    const { strict } = optionsOf(options);
    const bits = options === undefined && typeof text === 'string' ? FEN4 : settings(text, { reads: READS_FEN4, strict });
    const status = readStatus(text, bits);
    return new ParsedFen4(kept(text), bits, status);
  }

  function parseVariant(text, variant, dialect = 'auto', options = undefined) {
    if (variant === undefined) {
      throw new TypeError(`expected a variant: ${quoteList([...VARIANTS.keys()])}`);
    }
    const { checkLimit, strict } = optionsOf(options);
    const bits = settings(text, { variant, dialect, checkLimit, strict });
    const status = readStatus(text, bits);
    return new ParsedVariant(kept(text), bits, status);
  }

  // The PGN reader: its exports and its input writer, once loaded.
  let pgnReader = null;
  let pgnLoading = null;

  function pgnLoaded(exports) {
    pgnReader ??= { raw: exports, put: inputOf(exports, encoder) };
    return pgnReader;
  }

  /**
   * Loads the second module (the notation library behind `check`, and the PGN reader), after
   * which `check` and `readPgn` answer at once. `loadPgn` is its older name.
   */
  function loadEngine() {
    if (pgnReader) return Promise.resolve();
    if (pgn.loadSync) {
      try {
        pgnLoaded(pgn.loadSync());
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    }
    pgnLoading ??= pgn.load().then(
      (exports) => {
        pgnLoaded(exports);
      },
      (error) => {
        // A failed fetch may be tried again.
        pgnLoading = null;
        throw error;
      },
    );
    return pgnLoading;
  }

  /** The second module, loaded at once where the platform can (Node). */
  function engine(what) {
    if (!pgnReader) {
      if (!pgn.loadSync) {
        throw new Error(`${what} needs the notation engine, a second WebAssembly module that a browser loads on first use: expected \`await loadEngine()\` before the first call, found it not loaded yet`);
      }
      pgnLoaded(pgn.loadSync());
    }
    return pgnReader;
  }

  function readPgn(text) {
    const reader = engine('readPgn');
    const length = reader.put(text);
    if (length < 0) throw surrogateError(text, length);
    return answerOf(reader.raw.read_pgn(length, typeof text !== 'string'));
  }

  // The options of the last `check`, as set in the module: a loop passes one object again
  // and again, and the module keeps them resolved between calls.
  let lastOptions = null;
  let lastJson = null;
  const NAMED = ['notation', 'variant', 'profile', 'dialect'];
  const CHECK_FLAGS = ['chess960', 'strict'];

  /**
   * `options` as the JSON the notation engine reads: each of `names` a string, `checkLimit` a
   * number of checks, and each of `flags` true or false.
   */
  function optionsJson(options, names, flags) {
    if (options === undefined || options === null) return '{}';
    if (typeof options !== 'object') {
      throw new TypeError(`expected an options object, found ${describe(options)}`);
    }
    const given = {};
    for (const name of names) {
      const value = options[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        throw new TypeError(`\`${name}\` is a name: expected a string, found ${describe(value)}`);
      }
      given[name] = value;
    }
    if (options.checkLimit !== undefined) given.checkLimit = checkLimitOf(options.checkLimit);
    for (const flag of flags) given[flag] = Boolean(options[flag]);
    return JSON.stringify(given);
  }

  /** The options of `check` as the module reads them; the names are the library's to judge. */
  function checkOptionsJson(options) {
    return optionsJson(options, NAMED, CHECK_FLAGS);
  }

  /** Sets `options` in the module for the next `check_text` calls, unless they are set. */
  function setCheckOptions(reader, options) {
    if (options === lastOptions && lastJson !== null && options !== undefined) return;
    const json = checkOptionsJson(options);
    if (json !== lastJson) reader.raw.check_settings(json);
    lastOptions = options;
    lastJson = json;
  }

  /**
   * Every finding of `text` as `fenkit check` reports it for the same text on standard input,
   * read by the notation library in the second module.
   */
  function check(text, options) {
    const reader = engine('check');
    setCheckOptions(reader, options);
    const length = reader.put(text);
    if (length < 0) return [surrogateFinding(text, -1 - length)];
    // 0: no finding, the common answer, a number; else the answer is fetched as JSON.
    if (reader.raw.check_text(length, typeof text !== 'string') === 0) return [];
    const value = JSON.parse(reader.raw.check_answer());
    if (value.refused !== undefined) throw new RangeError(`${value.refused} (help: ${value.help})`);
    return value.findings;
  }

  /**
   * Every command inside the comments of `text` (PGN games, movetext) kept as written without
   * being read, as `fenkit check -v` notes them, read by the notation library with `check`'s
   * options.
   */
  function commentCommands(text, options) {
    const reader = engine('commentCommands');
    setCheckOptions(reader, options);
    const length = reader.put(text);
    if (length < 0) throw surrogateError(text, length);
    const value = answerOf(reader.raw.comment_commands(length, typeof text !== 'string'));
    if (value.refused !== undefined) throw new RangeError(`${value.refused} (help: ${value.help})`);
    return value.commands;
  }

  // The options of the last `canonical`, `convert` or `positionKey`, as set in the module,
  // which keeps them resolved between calls, as for `check`.
  let lastRewriteOptions = null;
  let lastRewriteJson = null;
  const REWRITE_NAMED = ['notation', 'variant', 'profile', 'dialect', 'toDialect', 'castling', 'enPassant', 'ep', 'from', 'to', 'positions'];
  const REWRITE_FLAGS = ['chess960', 'lossy'];

  /** The options of the rewriting calls as the module reads them; the names are the library's to judge. */
  function rewriteOptionsJson(options) {
    return optionsJson(options, REWRITE_NAMED, REWRITE_FLAGS);
  }

  /**
   * `call` of the notation engine (`canonical_text`, `convert_text`, `key_text`) on `text` with
   * `options`: the text it answers, or the `FenkitError` of a rejected text, or the
   * `RangeError` of options that do not go together.
   */
  function rewrite(what, call, text, options) {
    const reader = engine(what);
    if (options !== lastRewriteOptions || lastRewriteJson === null || options === undefined) {
      const json = rewriteOptionsJson(options);
      if (json !== lastRewriteJson) reader.raw.rewrite_settings(json);
      lastRewriteOptions = options;
      lastRewriteJson = json;
    }
    const length = reader.put(text);
    if (length < 0) throw surrogateError(text, length);
    let answer;
    if (call === 'canonical_text') {
      // 0: the text is its own canonical form, the common answer, a number.
      if (reader.raw.canonical_text(length, typeof text !== 'string') === 0) return textOf(text);
      answer = reader.raw.rewrite_answer();
    } else {
      answer = reader.raw[call](length, typeof text !== 'string');
    }
    if (answer.charCodeAt(0) === 0x3f) {
      const { refused, help } = JSON.parse(answer.slice(1));
      throw new RangeError(`${refused} (help: ${help})`);
    }
    return answerOf(answer);
  }

  /** What `fenkit fmt -` writes for `text`, read by the notation library in the second module. */
  function canonical(text, options) {
    return rewrite('canonical', 'canonical_text', text, options);
  }

  /** What `fenkit convert -` writes for `text` (PGN games: `fenkit convert --notation pgn --to uci|fen|epd|json -`), read by the notation library in the second module. */
  function convert(text, options) {
    return rewrite('convert', 'convert_text', text, options);
  }

  /** The identity key `fenkit dedupe` compares for the one position of `text`. */
  function positionKey(text, options) {
    return rewrite('positionKey', 'key_text', text, options);
  }

  function rulesCall(call, text, options) {
    const { kingCapture } = optionsOf(options);
    const reading = choice('kingCapture reading', READINGS, kingCapture, 0);
    const bits = settings(text, { reads: READS_DFEN });
    const length = put(text);
    if (length < 0) throw surrogateError(text, length);
    return answerOf(call(length, bits, reading));
  }

  function legalMoves(text, options) {
    return rulesCall(raw.legal_moves, text, options);
  }

  function turns(text, options) {
    return rulesCall(raw.turns, text, options);
  }

  function play(text, uci, options) {
    if (typeof uci !== 'string') {
      throw new TypeError(`expected a move in UCI (a string such as "e2e4"), found ${describe(uci)}`);
    }
    return rulesCall((length, bits, reading) => raw.play(length, bits, uci, reading), text, options);
  }

  return {
    FenkitError,
    version: words.version,
    parseDfen,
    parseFen4,
    parseVariant,
    check,
    commentCommands,
    canonical,
    convert,
    legalMoves,
    turns,
    play,
    positionKey,
    readPgn,
    loadEngine,
    loadPgn: loadEngine,
  };
}

export { createApi };
