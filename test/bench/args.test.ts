import { test } from 'node:test';
import assert from 'node:assert/strict';
import { takeFlag } from '../../bench/lib/args.js';

test('takeFlag returns the value after its flag and leaves the positional arguments', () => {
  const args = ['--seed', '11', 'photos', '--only', 'lcd'];
  assert.equal(takeFlag(args, '--only'), 'lcd');
  assert.equal(takeFlag(args, '--seed'), '11');
  assert.deepEqual(args, ['photos']);
});

test('takeFlag gives undefined for an absent flag or one with no value, and takes the bare flag out', () => {
  const args = ['photos', '--count'];
  assert.equal(takeFlag(args, '--degrade'), undefined);
  assert.equal(takeFlag(args, '--count'), undefined);
  assert.deepEqual(args, ['photos']);
});
