// The package's API beyond the suite: conversions as `fenkit convert` makes them, round
// trips, hostile input, mutated input compared with `fenkit parse`, the errors' fields, and
// the two module systems.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { byteSpan, checkCli, fenkit as runFenkit, fmtCli, importPackage, loadCases, parseBatch, requirePackage } from './support.mjs';

const fenkit = await importPackage();
const { FenkitError } = fenkit;

const DFEN = loadCases('dfen.jsonl').filter((item) => typeof item.raw === 'string');
const FEN4 = loadCases('fen4.jsonl').filter((item) => typeof item.raw === 'string');
const VARIANTS = loadCases('variants.jsonl').filter((item) => typeof item.raw === 'string');
const acceptedDfen = DFEN.filter((item) => item.verdict === 'accept' && item.profile === 'spec');
// One per line for `fenkit convert`: literals over several lines, and those that start with
// white space (which a FEN4 file reads as the previous line going on), are left out.
const acceptedFen4 = FEN4.filter((item) => item.verdict === 'accept' && !/[\r\n]|^\s/.test(item.raw));

/**
 * `fenkit convert ARGS` over `inputs`, one per line (`--aligned`): for each input its output,
 * or `{ code }` of the refusal.
 */
function cliConvert(args, inputs) {
  const run = runFenkit(['convert', '--aligned', '--quiet', '--color', 'never', ...args, '-'], inputs.join('\n') + '\n');
  const lines = run.stdout.split('\n');
  const codes = [...run.stderr.matchAll(/^error\[(\w+)\]/gm)].map((match) => match[1]);
  return inputs.map((_, i) => (lines[i] === '' || lines[i] === 'null' ? { code: codes.shift() } : lines[i]));
}

/** `convert` with `options`, or `{ code }` of the `FenkitError` it throws. */
function ourConvert(text, options) {
  try {
    return fenkit.convert(text, options);
  } catch (error) {
    assert.ok(error instanceof FenkitError, `${text}: ${error}`);
    return { code: error.code };
  }
}

describe('convert', () => {
  const dfenInputs = acceptedDfen.map((item) => item.raw);
  for (const to of ['dfen', 'fen', 'json', 'dfen-engine']) {
    test(`every accepted DFEN case to ${to}, as fenkit convert writes it`, () => {
      const cli = cliConvert(['--from', 'dfen', '--to', to], dfenInputs);
      dfenInputs.forEach((text, i) => assert.deepEqual(ourConvert(text, { from: 'dfen', to }), cli[i], text));
    });
  }

  test('lossy conversions drop what the target cannot hold, and say what when refused', () => {
    const text = 'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -';
    assert.throws(() => fenkit.convert(text, { to: 'fen' }), (error) => {
      assert.equal(error.code, 'FENKIT003');
      assert.equal(error.kind, 'conversion');
      assert.deepEqual(error.dropped, ['the en-passant squares `a3c3e3` (standard FEN holds one)']);
      assert.match(error.help, /--lossy/);
      return true;
    });
    assert.equal(fenkit.convert(text, { to: 'fen', lossy: true }), 'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq - 0 1');
  });

  test('DFEN to JSON and back is the canonical form', () => {
    for (const text of dfenInputs) {
      const json = fenkit.convert(text, { to: 'json' });
      assert.equal(fenkit.convert(json, { to: 'dfen' }), fenkit.convert(text, { to: 'dfen' }), text);
    }
  });

  const fen4Inputs = acceptedFen4.map((item) => item.raw);
  for (const to of ['fen4', 'fen4-json', 'fen4-pieces']) {
    test(`every accepted FEN4 case to ${to}, as fenkit convert writes it, and back`, () => {
      const cli = cliConvert(['--from', 'fen4', '--to', to], fen4Inputs);
      fen4Inputs.forEach((text, i) => {
        const written = ourConvert(text, { from: 'fen4', to });
        assert.deepEqual(written, cli[i], text);
        assert.equal(fenkit.convert(written, { from: to, to: 'fen4' }), fenkit.canonical(text), text);
      });
    });
  }

  test('variants between their dialects, as fenkit convert writes them, and back', () => {
    const accepted = VARIANTS.filter((item) => item.verdict === 'accept');
    for (const toDialect of ['essay', 'stockfish', 'lichess']) {
      for (const variant of ['threecheck', 'crazyhouse']) {
        for (const dialect of ['essay', 'stockfish', 'lichess']) {
          const inputs = accepted.filter((item) => item.variant === variant && item.dialect === dialect).map((item) => item.raw);
          if (inputs.length === 0) continue;
          const cli = cliConvert(['--variant', variant, '--dialect', dialect, '--to-dialect', toDialect], inputs);
          inputs.forEach((text, i) => {
            const written = ourConvert(text, { variant, dialect, toDialect });
            assert.deepEqual(written, cli[i], `${variant} ${dialect} -> ${toDialect}: ${text}`);
            const back = fenkit.parseVariant(written, variant, toDialect);
            assert.equal(back.essay, fenkit.parseVariant(text, variant, dialect).essay, text);
          });
        }
      }
    }
  });

  test('bad options are refused before anything is read', () => {
    assert.throws(() => fenkit.convert('x', {}), { name: 'RangeError', message: /expected `--to FORMAT`/ });
    assert.throws(() => fenkit.convert('x', { to: 'pgn' }), { name: 'RangeError', message: /unknown format "pgn"/ });
    assert.throws(() => fenkit.convert('x', { from: 'fen4', to: 'dfen' }), { name: 'RangeError', message: /cannot convert between DFEN and FEN4/ });
    assert.throws(() => fenkit.convert('x', { variant: 'crazyhouse', to: 'json' }), RangeError);
    assert.throws(() => fenkit.convert('x', { to: 'fen', toDialect: 'lichess' }), RangeError);
  });
});

describe('six-field FEN', () => {
  test('every DFEN case read as FEN (`notation: "fen"`), as fenkit parse --notation fen answers it', () => {
    const inputs = DFEN.map((item) => item.raw);
    for (const strict of [false, true]) {
      const answers = parseBatch(['--notation', 'fen', ...(strict ? ['--strict'] : [])], inputs);
      inputs.forEach((text, i) => {
        const cli = answers[i];
        const options = { notation: 'fen', strict };
        // `check` answers as `fenkit check` does for the text alone on standard input.
        const findings = fenkit.check(text, options).map((f) => [f.code, f.severity, byteSpan(text, f.span), f.message, f.fixable]);
        assert.deepEqual(findings, checkCli(['--notation', 'fen', ...(strict ? ['--strict'] : [])], text), JSON.stringify(text));
        // `canonical` writes what `fenkit fmt` writes for the text on standard input (a sample:
        // one process each); `fmt` rewrites what strictness would make errors.
        if (strict || i % 4 !== 0) return;
        const formatted = fmtCli(['--notation', 'fen'], text);
        if (formatted.text !== undefined) assert.equal(fenkit.canonical(text, options), formatted.text, JSON.stringify(text));
        else assert.throws(() => fenkit.canonical(text, options), { code: formatted.code }, JSON.stringify(text));
        if (cli.ok && !text.includes('\n')) assert.ok(formatted.text !== undefined, JSON.stringify(text));
      });
    }
  });
});

describe('round trips', () => {
  test('canonical forms are canonical: read again, they are their own canonical form, with nothing to fix', () => {
    const fixable = (findings) => findings.filter((finding) => finding.fixable);
    for (const item of acceptedDfen) {
      const written = fenkit.canonical(item.raw, { notation: 'dfen' });
      assert.equal(fenkit.canonical(written, { notation: 'dfen' }), written, item.name);
      assert.deepEqual(fixable(fenkit.check(written, { notation: 'dfen' })), [], item.name);
      assert.equal(fenkit.parseDfen(written).canonical, written, item.name);
    }
    for (const item of acceptedFen4) {
      const written = fenkit.canonical(item.raw);
      assert.equal(fenkit.parseFen4(written).canonical, written, item.name);
      assert.deepEqual(fixable(fenkit.check(written)), [], item.name);
    }
  });

  test('a variant position reads back the same from each of its dialects', () => {
    for (const item of VARIANTS.filter((v) => v.verdict === 'accept' && v.variant !== 'twomove')) {
      const parsed = fenkit.parseVariant(item.raw, item.variant, item.dialect);
      for (const dialect of ['essay', 'stockfish', 'lichess']) {
        const again = fenkit.parseVariant(parsed.toDialect(dialect), item.variant, dialect);
        assert.equal(again.essay, parsed.essay, `${item.name} via ${dialect}`);
      }
    }
  });

  test('positions and moves: play each legal move and the turn goes on from the new position', () => {
    let position = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPN';
    const played = [];
    while (fenkit.parseDfen(position).position.dice !== '-') {
      const [move] = fenkit.legalMoves(position);
      const outcome = fenkit.play(position, move);
      assert.equal(outcome.played, move);
      played.push(move);
      position = outcome.position;
    }
    assert.equal(played.length, 3);
    assert.equal(fenkit.parseDfen(position).position.side, 'black');
    const turns = fenkit.turns('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP');
    assert.deepEqual(turns.map((turn) => turn.moves.join(' ')), ['e2e3 e3e4', 'e2e4 e4e5']);
  });
});

describe('hostile input', () => {
  const sound = '4k3/8/8/8/8/8/8/4K3 w - - 0 1 -';

  /** Every entry point on `text`: nothing but answers and `FenkitError`s, and the module still works. */
  function survives(text) {
    const findings = fenkit.check(text);
    assert.ok(Array.isArray(findings));
    for (const call of [
      () => fenkit.parseDfen(text),
      () => fenkit.parseFen4(text),
      () => fenkit.parseVariant(text, 'crazyhouse', 'stockfish'),
      () => fenkit.canonical(text),
      () => fenkit.convert(text, { to: 'json' }),
      () => fenkit.legalMoves(text),
      () => fenkit.turns(text),
      () => fenkit.play(text, 'e2e4'),
      () => fenkit.positionKey(text),
    ]) {
      try {
        call();
      } catch (error) {
        assert.ok(error instanceof FenkitError, `${String(error)}`);
        assert.match(error.code, /^(DFEN|FEN4|FENKIT|RULE)\d+$/);
      }
    }
    assert.equal(fenkit.canonical(sound), sound);
    return findings;
  }

  test('a 1 MB string', () => {
    const huge = 'rnbqkbnr/'.repeat(116_509);
    assert.ok(huge.length > 1_000_000);
    const [finding] = survives(huge);
    assert.equal(finding.severity, 'error');
    assert.throws(() => fenkit.parseDfen(huge), FenkitError);
    survives(huge.replace(/r/g, 'é'));
    survives(new TextEncoder().encode(huge));
  });

  test('lone surrogates are FENKIT001 at their offset', () => {
    for (const [text, at] of [
      ['\ud800', 0],
      [`${sound.slice(0, 10)}\udc00${sound.slice(10)}`, 10],
      [`${sound}\ud83d`, sound.length],
      ['é\udfff', 1],
    ]) {
      const findings = survives(text);
      assert.deepEqual(findings.map((f) => [f.code, f.span]), [['FENKIT001', [at, at + 1]]]);
      assert.throws(() => fenkit.parseDfen(text), { code: 'FENKIT001', span: [at, at + 1] });
    }
    // A pair is a character, not an error: it is read, and refused as what it is.
    assert.deepEqual(fenkit.check('4k3/8/8/8/8/8/8/3😀K3 w - - 0 1 -').map((f) => [f.code, f.span]), [['DFEN004', [17, 19]]]);
  });

  test('NUL and other control characters', () => {
    const nul = `${sound.slice(0, 19)}\u0000${sound.slice(19)}`;
    assert.deepEqual(survives(nul).map((f) => [f.code, f.span]), [['DFEN004', [19, 20]]]);
    survives('\u0000'.repeat(5000));
    survives('\u0007\u001b[31m\r\n\t');
  });

  test('bytes that are not UTF-8 are FENKIT001 at their byte offset', () => {
    const bytes = new Uint8Array([0x34, 0x6b, 0x33, 0xff, 0xfe]);
    assert.deepEqual(survives(bytes).map((f) => [f.code, f.span]), [['FENKIT001', [3, 4]]]);
  });

  test('spans count UTF-16 code units for strings, bytes for bytes', () => {
    const text = '4k3/8/8/8/8/8/8/é4K3 w - - 0 1 -';
    const [finding] = fenkit.check(text);
    assert.deepEqual([finding.code, finding.span], ['DFEN004', [16, 17]]);
    const [inBytes] = fenkit.check(new TextEncoder().encode(text));
    assert.deepEqual([inBytes.code, inBytes.span], ['DFEN004', [16, 18]]);
  });

  test('mutated inputs: the same verdicts, codes and spans as fenkit parse and fenkit check, and never a crash', () => {
    // SplitMix-style seeded edits of the suite's accepted DFEN inputs.
    let state = 0x2545f491;
    const next = (n) => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
      return state % n;
    };
    const alphabet = 'pnbrqkPNBRQK12345678/ -wbKQkqa3e6x~[]+é\u0000';
    const inputs = [];
    for (let i = 0; i < 3000; i++) {
      let text = acceptedDfen[next(acceptedDfen.length)].raw;
      for (let edits = 1 + next(3); edits > 0; edits--) {
        const at = next(text.length + 1);
        const kind = next(3);
        if (kind === 0) text = text.slice(0, at) + text.slice(at + 1);
        else if (kind === 1) text = text.slice(0, at) + alphabet[next(alphabet.length)] + text.slice(at);
        else text = text.slice(0, at) + alphabet[next(alphabet.length)] + text.slice(at + 1);
      }
      inputs.push(text);
    }
    const answers = parseBatch(['--notation', 'dfen'], inputs);
    inputs.forEach((text, i) => {
      survives(text);
      const cli = answers[i];
      // The position read alone, as `fenkit parse` reads it.
      let parsed;
      try {
        parsed = fenkit.parseDfen(text).findings;
      } catch (error) {
        parsed = [{ code: error.code, severity: 'error', span: error.span, message: error.message }];
      }
      assert.deepEqual(
        parsed.map((f) => [f.code, f.severity, byteSpan(text, f.span), f.message]),
        (cli.findings ?? []).map((f) => [f.code, f.severity, f.span, f.message]),
        JSON.stringify(text),
      );
      // The text as `fenkit check` reads it on standard input (a sample: one process each).
      if (i < 300) {
        const checked = fenkit.check(text, { notation: 'dfen' }).map((f) => [f.code, f.severity, byteSpan(text, f.span), f.message, f.fixable]);
        assert.deepEqual(checked, checkCli(['--notation', 'dfen'], text), JSON.stringify(text));
      }
      if (cli.ok) assert.equal(fenkit.canonical(text, { notation: 'dfen' }), cli.canonical, JSON.stringify(text));
    });
  });

  test('arguments of the wrong type are TypeErrors; unknown names are RangeErrors naming the choices', () => {
    for (const value of [undefined, null, 42, {}, ['x']]) {
      assert.throws(() => fenkit.check(value), TypeError);
      assert.throws(() => fenkit.parseDfen(value), TypeError);
    }
    assert.throws(() => fenkit.parseDfen(sound, 'spec'), TypeError);
    assert.throws(() => fenkit.parseDfen(sound, { profile: 'loose' }), {
      name: 'RangeError',
      message: 'unknown profile "loose": expected "spec", "lenient" or "engine"',
    });
    assert.throws(() => fenkit.parseVariant(sound, 'fairy'), { name: 'RangeError', message: /unknown variant "fairy"/ });
    assert.throws(() => fenkit.parseVariant(sound, 'threecheck', 'essay', { checkLimit: 0 }), RangeError);
    assert.throws(() => fenkit.legalMoves(sound, { kingCapture: 'all' }), RangeError);
    assert.throws(() => fenkit.play(sound, 42), TypeError);
  });
});

describe('errors', () => {
  test('a FEN4 syntax error carries the reference parsers\' code and offset', () => {
    assert.throws(() => fenkit.parseFen4('4d-fen v1: K@0,0,0,8'), (error) => {
      assert.ok(error instanceof FenkitError && error instanceof Error);
      assert.equal(error.name, 'FenkitError');
      assert.deepEqual([error.kind, error.code, error.span, error.refCode, error.offset], ['syntax', 'FEN4008', [19, 20], -4, 19]);
      return true;
    });
  });

  test('an illegal move lists the legal ones, its span in the move', () => {
    assert.throws(() => fenkit.play('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P', 'e2e5'), (error) => {
      assert.deepEqual([error.kind, error.code, error.legalMoves], ['rules', 'RULE005', ['e2e3', 'e2e4']]);
      return true;
    });
  });

  test('a syntax error has its help where the fix is certain', () => {
    assert.throws(() => fenkit.parseDfen('4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK'), { code: 'DFEN012', help: 'write `bkk`' });
  });

  test('a position error rejects canonical() but not parseDfen()', () => {
    const text = '4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -';
    const parsed = fenkit.parseDfen(text);
    assert.equal(parsed.hasErrors, true);
    assert.equal(parsed.findings[0].code, 'DFEN202');
    assert.throws(() => fenkit.canonical(text), { kind: 'position', code: 'DFEN202' });
  });
});

describe('module systems', () => {
  test('require and import give the same ready functions, one instance', () => {
    const required = requirePackage();
    assert.equal(required.FenkitError, FenkitError);
    assert.equal(required.parseDfen, fenkit.parseDfen);
    const names = ['parseDfen', 'parseFen4', 'parseVariant', 'check', 'canonical', 'convert', 'legalMoves', 'turns', 'play', 'positionKey'];
    for (const name of names) assert.equal(typeof required[name], 'function', name);
    assert.match(fenkit.version, /^\d+\.\d+\.\d+/);
  });
});
