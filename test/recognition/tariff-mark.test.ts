import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agreedMark, loneMarks, tariffMark } from '../../src/recognition/parse/tariff-mark.js';

test('only lines read as a lone T are read again, and only a T with one tariff digit, read surely, is a mark', () => {
  assert.deepEqual(
    loneMarks([{ text: 'T' }, { text: 'T1' }, { text: ' T ' }, { text: 'TT' }, { text: 'kWh' }]).map((m) => m.index),
    [0, 2],
  );
  assert.equal(tariffMark({ text: 'T1', score: 0.89 }), 'T1');
  assert.equal(tariffMark({ text: 'T 3', score: 0.95 }), 'T3');
  assert.equal(tariffMark({ text: 'T1', score: 0.6 }), null);
  assert.equal(tariffMark({ text: 'T', score: 1 }), null);
  assert.equal(tariffMark({ text: 'T5', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'TA', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'T12', score: 0.99 }), null);
});

test('a tariff word alone on its line is read again wider, and stands with one tariff digit after it', () => {
  const marks = loneMarks([{ text: 'TARIFF' }, { text: 'TAPVΦ' }, { text: 'TARIFF 2' }, { text: 'kWh' }, { text: 'T' }, { text: 'Tapud' }]);
  assert.deepEqual(marks.map((m) => m.index), [0, 1, 4, 5]);
  assert.ok(Math.min(...marks[0].margins) > Math.max(...marks[2].margins), 'a word is read again with wider margins than a T');
  assert.equal(marks[0].margins.length, 2, 'a word is read again at two margins');
  assert.equal(tariffMark({ text: 'TARIFF 1', score: 0.9 }), 'TARIFF 1');
  assert.equal(tariffMark({ text: 'TAPVΦ 2', score: 0.85 }), 'TAPVΦ 2');
  assert.equal(tariffMark({ text: 'Tapw4', score: 0.84 }), 'Tapw4');
  assert.equal(tariffMark({ text: 'TARIFF 1', score: 0.7 }), null);
  // A Russian word's look-alike letters read unsurely, its digit surely: the digit's own score decides.
  assert.equal(tariffMark({ text: 'Tapn中4', score: 0.79, charScores: [0.89, 0.99, 0.89, 0.61, 0.43, 0.92] }), 'Tapn中4');
  assert.equal(tariffMark({ text: 'Tapn中4', score: 0.79, charScores: [0.89, 0.99, 0.89, 0.61, 0.93, 0.43] }), null);
  assert.equal(tariffMark({ text: 'Tapn中4', score: 0.62, charScores: [0.6, 0.6, 0.6, 0.3, 0.3, 0.9] }), null);
  assert.equal(tariffMark({ text: 'TARIFF', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'TARIFF 7', score: 0.99 }), null);
  assert.equal(tariffMark({ text: 'TARGET 1', score: 0.99 }), null);
});

test('of a word read again at two margins, the first reading of a mark stands, unless another reads another digit', () => {
  // A jpeg mono `Тариф 4`: its `4` unsure at the wider margin, sure at the narrower.
  const wide = { text: 'Tapn中4', score: 0.77, charScores: [0.94, 0.99, 0.89, 0.52, 0.45, 0.79] };
  const narrow = { text: 'Tapn4', score: 0.86, charScores: [0.97, 0.99, 0.97, 0.44, 0.92] };
  assert.deepEqual(agreedMark([wide, narrow]), { mark: 'Tapn4', at: 1 });
  assert.deepEqual(agreedMark([{ text: 'TARIFF 2', score: 0.95 }, narrow]), null);
  assert.deepEqual(agreedMark([{ text: 'TARIFF 4', score: 0.95 }, narrow]), { mark: 'TARIFF 4', at: 0 });
  assert.deepEqual(agreedMark([wide, { text: 'Tapn', score: 0.9 }]), null);
  assert.deepEqual(agreedMark([{ text: 'T2', score: 0.9 }]), { mark: 'T2', at: 0 });
  assert.deepEqual(agreedMark([]), null);
});
