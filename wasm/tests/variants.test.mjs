// The variants of the rules table through the package: every name and alias is read, the
// position is judged by the variant's own rules (`VARxxx` findings, as the `variants` library
// gives them), and a variant's dialect is found from the text unless it is given.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { checkCli, importPackage } from './support.mjs';

const fenkit = await importPackage();

// name, other spellings, a valid position, one the variant's rules refuse
const RULES_VARIANTS = [
  ['antichess', ['Antichess', 'Suicide'], 'k7/8/8/8/8/8/8/KK6 w - - 0 1', '8/8/8/8/8/8/8/8 w - - 0 1'],
  ['giveaway', ['Giveaway'], '8/8/3kk3/8/8/8/8/8 b - - 0 1', null],
  ['atomic', ['Atomic'], '8/8/8/8/8/8/8/kK6 w - - 0 1', null],
  ['horde', ['Horde'], 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP w kq - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'],
  ['racingkings', ['racingKings', 'Racing Kings'], '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', '8/8/8/8/8/8/8/k1K4P w - - 0 1'],
  ['kingofthehill', ['kingOfTheHill', 'King of the Hill'], '4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K2K w - - 0 1'],
];

describe('the variants of the rules table', () => {
  for (const [name, aliases, valid, invalid] of RULES_VARIANTS) {
    test(`${name}: every spelling, its findings`, () => {
      for (const spelling of [name, ...aliases]) {
        const parsed = fenkit.parseVariant(valid, spelling);
        assert.equal(parsed.variant, name);
        assert.equal(parsed.hasErrors, false, JSON.stringify(parsed.findings));
        assert.equal(parsed.canonical, valid);
        assert.equal(fenkit.check(valid, { variant: spelling }).filter((f) => f.severity === 'error').length, 0);
      }
      if (invalid !== null) {
        const refused = fenkit.parseVariant(invalid, name);
        assert.equal(refused.hasErrors, true);
        const errors = refused.findings.filter((f) => f.severity === 'error');
        assert.ok(errors.length > 0 && errors.every((f) => f.code.startsWith('VAR')), JSON.stringify(refused.findings));
        for (const finding of refused.findings) {
          assert.ok(finding.span[0] <= finding.span[1] && finding.span[1] <= invalid.length);
        }
        // `check` answers as `fenkit check --variant` does for the text on standard input.
        const checked = fenkit.check(invalid, { variant: name });
        assert.deepEqual(checked.map((f) => f.code), checkCli(['--variant', name], invalid).map(([code]) => code));
      }
    });
  }

  test('horde: the white king is VAR012, on its letter', () => {
    const text = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const king = fenkit.parseVariant(text, 'horde').findings.find((f) => f.code === 'VAR012');
    assert.equal(king.severity, 'error');
    assert.deepEqual(king.span, [39, 40]);
  });

  test('the other spellings of the table name the variants fenkit reads with slots', () => {
    assert.equal(fenkit.parseVariant('4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0', 'Three-check').variant, 'threecheck');
    assert.equal(fenkit.parseVariant('4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1', 'Crazyhouse').holdings, 'Pp');
  });

  test('unknown variants are refused with the list of names', () => {
    assert.throws(() => fenkit.parseVariant('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'fairy'), {
      name: 'RangeError',
      message: /unknown variant "fairy": expected .*"antichess".*"kingofthehill"/,
    });
  });
});

describe('the dialect defaults to auto', () => {
  const THREE_CHECK = {
    essay: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 2 1',
    stockfish: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+2 0 2',
    lichess: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+1',
  };
  test('each text is read, and written back, in its own dialect', () => {
    for (const [dialect, text] of Object.entries(THREE_CHECK)) {
      const parsed = fenkit.parseVariant(text, 'threecheck');
      assert.equal(parsed.dialect, dialect);
      assert.equal(parsed.canonical, text);
      assert.equal(parsed.essay, THREE_CHECK.essay);
      assert.equal(fenkit.parseVariant(text, 'threecheck', 'auto').dialect, dialect);
      assert.deepEqual(fenkit.check(text, { variant: 'threecheck' }), []);
      assert.equal(fenkit.canonical(text, { variant: 'threecheck' }), text);
    }
  });
  test('a dialect given is still the one read', () => {
    assert.throws(() => fenkit.parseVariant(THREE_CHECK.lichess, 'threecheck', 'stockfish'), fenkit.FenkitError);
  });
});
