import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loneTs, tariffMark } from '../../src/recognition/parse/tariff-mark.js';

test('only lines read as a lone T are read again, and only a T with one tariff digit, read surely, is a mark', () => {
  assert.deepEqual(loneTs([{ text: 'T' }, { text: 'T1' }, { text: ' T ' }, { text: 'TT' }, { text: 'kWh' }]), [0, 2]);
  assert.equal(tariffMark({ text: 'T1', score: 0.89 }), 'T1');
  assert.equal(tariffMark({ text: 'T 3', score: 0.95 }), 'T3');
  assert.equal(tariffMark({ text: 'T1', score: 0.6 }), null);
  assert.equal(tariffMark({ text: 'T', score: 1 }), null);
  assert.equal(tariffMark({ text: 'T5', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'TA', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'T12', score: 0.99 }), null);
});
