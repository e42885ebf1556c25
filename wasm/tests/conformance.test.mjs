// The conformance suite (spec/conformance/v1) through the package: every DFEN, FEN4, variant
// and rules case gets the suite's answer, and every DFEN, FEN4 and variant case gets exactly
// what `fenkit parse` answers: the verdict, the canonical form, the code and span of a
// rejection, and every finding with its code, severity, message, span and fixable flag.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { byteSpan, checkCli, fmtCli, importPackage, loadCases, parseBatch } from './support.mjs';

const fenkit = await importPackage();

const DFEN = loadCases('dfen.jsonl');
const FEN4 = loadCases('fen4.jsonl');
const VARIANTS = loadCases('variants.jsonl');
const RULES = loadCases('rules.jsonl');

/** What the suite expects of a case. */
function expected(item) {
  if (item.verdict === 'accept') {
    return { verdict: 'accept', canonical: item.canonical, findings: [...new Set(item.findings ?? [])].sort() };
  }
  const answer = { verdict: 'reject', code: item.code };
  if (item.ref_code !== undefined) answer.refCode = item.ref_code;
  if (item.offset !== undefined) answer.offset = item.offset;
  return answer;
}

/**
 * The package's answer to a case, read with `parse` (parseDfen, parseFen4, parseVariant):
 * the first error rejects it (a syntax error, or an error finding), else its canonical form,
 * written as the suite writes it (`canonical` for a variant's dialect; for the engine
 * profile, the position as read in the engine's dialect: spelling fixes only, spec/dfen.md
 * section 10), and its finding codes.
 */
function answer(item, parse, canonicalOf = (parsed) => parsed.canonical) {
  let parsed;
  try {
    parsed = parse(item.raw);
  } catch (error) {
    assert.ok(error instanceof fenkit.FenkitError, `not a FenkitError: ${error}`);
    const rejected = { verdict: 'reject', code: error.code, span: error.span };
    if (item.ref_code !== undefined) rejected.refCode = error.refCode;
    if (item.offset !== undefined) rejected.offset = error.offset;
    return rejected;
  }
  const firstError = parsed.findings.find((finding) => finding.severity === 'error');
  if (firstError) {
    assert.ok(parsed.hasErrors);
    return { verdict: 'reject', code: firstError.code, span: firstError.span };
  }
  assert.equal(parsed.hasErrors, false);
  return {
    verdict: 'accept',
    canonical: canonicalOf(parsed),
    findings: [...new Set(parsed.findings.map((finding) => finding.code))].sort(),
  };
}

/** `answer` without what the suite does not state (the span), for comparing with it. */
function asSuite({ span, ...rest }) {
  return rest;
}

/**
 * Compares the package with `fenkit parse` over `cases` read with `args`: the parse answer
 * (verdict, canonical form, code, span in bytes) and `check`'s findings, one by one.
 */
function compareWithCli(cases, args, parse, checkOptions, canonicalOf) {
  const texts = cases.filter((item) => typeof item.raw === 'string');
  if (texts.length === 0) return;
  const answers = parseBatch(args, texts.map((item) => item.raw));
  if (answers.refused !== undefined) {
    // Settings the command line refuses outright (a two-move position in another dialect
    // than `essay`, DFEN035): the package rejects every input with the code it names.
    const code = /\((\w+)\)/.exec(answers.refused)?.[1];
    assert.ok(code, `no code in: ${answers.refused}`);
    for (const item of texts) assert.equal(answer(item, parse, canonicalOf).code, code, item.name);
    return;
  }
  texts.forEach((item, i) => {
    const cli = answers[i];
    const ours = answer(item, parse, canonicalOf);
    const label = `${item.name}: ${JSON.stringify(item.raw)}`;
    assert.equal(ours.verdict, cli.ok ? 'accept' : 'reject', label);
    if (cli.ok) {
      assert.equal(ours.canonical, cli.canonical, label);
    } else {
      assert.equal(ours.code, cli.code, label);
      assert.deepEqual(byteSpan(item.raw, ours.span), cli.span, label);
    }
    // `check` reports what `fenkit check` reports for the text alone on standard input,
    // finding by finding (which differs from `fenkit parse` where a file differs from one
    // position: an empty text has no finding; a first position without clocks sets the form).
    const findings = fenkit
      .check(item.raw, checkOptions)
      .map((f) => [f.code, f.severity, byteSpan(item.raw, f.span), f.message, f.fixable]);
    assert.deepEqual(findings, checkCli(args, item.raw), label);
  });
}

/**
 * `canonical()` writes what `fenkit fmt ARGS -` writes for the case's text on standard input:
 * the text formatted, or the error of a position `fmt` leaves as written, or the refusal of
 * settings the command line refuses. (Where a file differs from one position, so does `fmt`
 * from the suite: an empty text is an empty file, a fixable variant finding is fixed.)
 */
function checkCanonical(item, options, args) {
  const cli = fmtCli(args, item.raw);
  if (cli.refused !== undefined) {
    assert.throws(() => fenkit.canonical(item.raw, options), RangeError, item.name);
  } else if (cli.code !== undefined) {
    assert.throws(() => fenkit.canonical(item.raw, options), { name: 'FenkitError', code: cli.code }, item.name);
  } else {
    assert.equal(fenkit.canonical(item.raw, options), cli.text, item.name);
  }
}

describe('DFEN cases', () => {
  const parse = (profile) => (raw) => fenkit.parseDfen(raw, { profile });
  const canonicalOf = (profile) => (parsed) => (profile === 'engine' ? parsed.engine : parsed.canonical);

  test('the suite is all there', () => {
    assert.ok(DFEN.length >= 200);
    assert.ok(DFEN.some((item) => item.raw instanceof Uint8Array));
  });

  for (const item of DFEN) {
    test(item.name, () => {
      const got = answer(item, parse(item.profile), canonicalOf(item.profile));
      assert.deepEqual(asSuite(got), expected(item));
      if (item.profile !== 'engine') checkCanonical(item, { notation: 'dfen', profile: item.profile }, ['--notation', 'dfen', '--profile', item.profile]);
    });
  }

  for (const profile of ['spec', 'lenient', 'engine']) {
    test(`every ${profile} case as fenkit parse answers it`, () => {
      const cases = DFEN.filter((item) => item.profile === profile);
      compareWithCli(cases, ['--notation', 'dfen', '--profile', profile], parse(profile), { notation: 'dfen', profile }, canonicalOf(profile));
    });
  }
});

describe('FEN4 cases', () => {
  const parse = (raw) => fenkit.parseFen4(raw);

  for (const item of FEN4) {
    test(item.name, () => {
      assert.deepEqual(asSuite(answer(item, parse)), expected(item));
      checkCanonical(item, { notation: 'fen4' }, ['--notation', 'fen4']);
    });
  }

  test('every case as fenkit parse answers it', () => {
    compareWithCli(FEN4, ['--notation', 'fen4'], parse, { notation: 'fen4' });
  });
});

describe('variant cases', () => {
  const groups = new Map();
  for (const item of VARIANTS) {
    const key = `${item.variant} ${item.dialect}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }

  for (const item of VARIANTS) {
    test(item.name, () => {
      const parse = (raw) => fenkit.parseVariant(raw, item.variant, item.dialect);
      assert.deepEqual(asSuite(answer(item, parse)), expected(item));
      checkCanonical(item, { variant: item.variant, dialect: item.dialect }, ['--variant', item.variant, '--dialect', item.dialect]);
    });
  }

  for (const [key, cases] of groups) {
    const [variant, dialect] = key.split(' ');
    test(`every ${variant} case in the ${dialect} dialect as fenkit parse answers it`, () => {
      const parse = (raw) => fenkit.parseVariant(raw, variant, dialect);
      compareWithCli(cases, ['--variant', variant, '--dialect', dialect], parse, { variant, dialect });
    });
  }
});

describe('rules cases', () => {
  for (const item of RULES) {
    test(item.name, () => {
      const kingCapture = item.king_capture ?? 'first';
      const moves = fenkit.legalMoves(item.raw, { kingCapture });
      assert.deepEqual([...moves].sort(), [...item.moves].sort());
    });
  }
});
