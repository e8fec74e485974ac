import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findNumbers } from '../../../src/recognition/parse/numbers.js';
import { fold } from '../../../src/recognition/parse/fold.js';

const groups = (text: string) => findNumbers(text).map((t) => t.groups.join(t.seps[0] ?? ''));

test('repairs O/I/B look-alikes inside digit runs', () => {
  const [t] = findNumbers('0O4B7 238');
  assert.deepEqual(t.groups, ['00487', '238']);
  assert.equal(t.repaired, 2);
  assert.deepEqual(groups('l2345'), ['2345']);
});

test('keeps letters of markings such as T1, G4, S3, Q3 out of numbers', () => {
  assert.deepEqual(groups('T1'), ['1']);
  assert.deepEqual(groups('BK-G4M'), ['4']);
  assert.deepEqual(groups('S3 Pmax'), ['3']);
  assert.deepEqual(groups('Q3'), ['3']);
  assert.deepEqual(groups('375obr/kW·h'), ['375']);
  assert.deepEqual(groups('DE-07-MI002-PTB001').includes('1002'), false);
});

test('splits tokens on separators and records the text around them', () => {
  const [a, b] = findNumbers('220V 10(40)A');
  assert.deepEqual(a.groups, ['220']);
  assert.equal(a.after.startsWith('v'), true);
  assert.deepEqual(b.groups, ['10']);
  const [d] = findNumbers('S/N:002533834598');
  assert.deepEqual(d.groups, ['002533834598']);
  assert.equal(d.before, 's/n:');
});

test('reads decimal comma, dash and dotted groups as separators', () => {
  const [t] = findNumbers('00488,719');
  assert.deepEqual(t.groups, ['00488', '719']);
  assert.deepEqual(t.seps, [',']);
  const [s] = findNumbers('29.564.468');
  assert.deepEqual(s.seps, ['.', '.']);
  const [y] = findNumbers('6328666 - 2004');
  assert.deepEqual(y.groups, ['6328666', '2004']);
  assert.deepEqual(y.seps, ['-']);
});

test('fold maps Cyrillic to the Latin look-alikes the recogniser produces', () => {
  assert.equal(fold('ГАЗ'), 'ra3');
  assert.equal(fold('Зав.№'), '3ab.no');
  assert.equal(fold('ХВС'), 'xbc');
  assert.equal(fold('м³/ч'), 'm3/4');
  // Latin accents go (the patterns spell words without them); a kana's voicing mark stays.
  assert.equal(fold('ÁGUA Gás HIDRÔMETRO'), 'agua gas hidrometro');
  assert.equal(fold('ガス'), 'ガス');
});

test("an LCD's OBIS register code is a token of its own, not the value's leading digits", () => {
  assert.deepEqual(findNumbers('1.8.1 012345.6 kWh').map((t) => t.raw), ['1.8.1', '012345.6']);
  assert.deepEqual(findNumbers('15.8.0 0012345.6').map((t) => t.raw), ['15.8.0', '0012345.6']);
  // A date with a four-digit year, or a single dot, still joins what follows (dates and stamps are
  // recognised as such from the whole token).
  assert.deepEqual(findNumbers('12.05.2019 004512').map((t) => t.raw), ['12.05.2019 004512']);
  assert.deepEqual(findNumbers('1.2 3456').map((t) => t.raw), ['1.2 3456']);
});
