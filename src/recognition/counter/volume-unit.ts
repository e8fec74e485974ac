// A volume unit printed right after the counter row (`m³`, read `m3`, or `m` with its small `3` lost)
// says the register counts cubic metres: a water or gas meter's, whatever else went unread. An
// electricity register is followed by `kWh`.
import type { OcrLine } from '../ocr/types.js';
import { fold } from '../parse/fold.js';
import { boxCentre, boxHeight } from '../parse/geometry.js';
import type { CounterReading } from './reader.js';

const VOLUME_UNIT = /^m\s?3?$/;
/** A lone letter read unsurely is as likely a screw or a speck. */
const UNIT_SCORE = 0.8;
/** Where the unit's box may start past the row's last cell centre, in pitches (drums the OCR left unread may come between). */
const GAP = [0.3, 4];
/** How far the unit's centre may sit off the row's axis, in row heights (`m³` sits low, its `3` high). */
const ACROSS = 0.6;
/** A unit is printed no taller than the drums. */
const HEIGHT = 1.2;

export function volumeUnitAfter(c: Pick<CounterReading, 'cells' | 'axis' | 'pitch' | 'height'>, lines: readonly OcrLine[]): boolean {
  if (!c.cells.length) return false;
  const [ax, ay] = c.axis;
  const last = c.cells[c.cells.length - 1];
  const u = (x: number, y: number) => (x - last.x) * ax + (y - last.y) * ay;
  const v = (x: number, y: number) => (y - last.y) * ax - (x - last.x) * ay;
  return lines.some((l) => {
    if (l.score < UNIT_SCORE || !VOLUME_UNIT.test(fold(l.text).trim())) return false;
    const start = Math.min(...l.box.map(([x, y]) => u(x, y))) / c.pitch;
    const [cx, cy] = boxCentre(l.box);
    return start >= GAP[0] && start <= GAP[1] && Math.abs(v(cx, cy)) <= ACROSS * c.height && boxHeight(l.box) <= HEIGHT * c.height;
  });
}
