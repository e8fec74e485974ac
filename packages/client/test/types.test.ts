/**
 * Compile-time checks of the public types: this file fails `tsc` (and so the build) if the
 * AnalyzeResult union stops narrowing on `success` or MeterType stops being the spec's closed list.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { METER_TYPES, type AnalyzeResult, type Meter, type MeterType, type ReactNativeFile, type ImageInput } from '../src/index.js';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_proof?: T): void {}

function describe(result: AnalyzeResult): string {
  // @ts-expect-error `meter` exists only on the success branch
  void result.meter;
  // @ts-expect-error `error` exists only on the failure branch
  void result.error;
  if (result.success) {
    const meter: Meter = result.meter;
    // @ts-expect-error narrowed to success: no `error`
    void result.error;
    const reading: number | null = meter.currentReading;
    return `${meter.type} ${meter.serialNumber} ${reading ?? '?'} ${meter.tariffCount ?? '-'}`;
  }
  const reason: string = result.error;
  // @ts-expect-error narrowed to failure: no `meter`
  void result.meter;
  return `not recognised: ${reason}`;
}

assertType<Equals<MeterType, 'water_cold' | 'water_hot' | 'water_unknown' | 'electricity' | 'gas' | 'heat'>>();
assertType<Equals<Meter['currentReading'], number | null>>();
assertType<Equals<Meter['tariffCount'], number | null>>();
assertType<Equals<Meter['serialNumber'], string>>();
assertType<Equals<AnalyzeResult['success'], boolean>>();

// @ts-expect-error not a spec meter type
const wrongType: MeterType = 'steam';
void wrongType;
const rnFile: ImageInput = { uri: 'file:///x.jpg' } satisfies ReactNativeFile;
void rnFile;

test('the AnalyzeResult union narrows on success (checked by tsc; exercised here at run time)', () => {
  assert.equal(
    describe({ success: true, meter: { type: 'gas', serialNumber: 'A1', currentReading: 12.5, tariffCount: null } }),
    'gas A1 12.5 -',
  );
  assert.equal(describe({ success: false, error: 'NO_VALID_PHOTO' }), 'not recognised: NO_VALID_PHOTO');
  assert.deepEqual([...METER_TYPES], ['water_cold', 'water_hot', 'water_unknown', 'electricity', 'gas', 'heat']);
});
