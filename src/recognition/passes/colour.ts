// Red and blue on the meter round its counter row (cold or hot water).
import type { CounterReading } from '../counter/reader.js';
import { colourStats, type RgbImage } from '../preprocess.js';

/**
 * Red and blue on the meter: the central part of the photo (body, ring) less the counter row's box,
 * and the dial face right under the counter row, where cold/hot water meters carry their blue/red
 * marking (the red fractional drums themselves are left out of both).
 */
export function meterColour(img: RgbImage, c: CounterReading | null): { redRatio: number; blueRatio: number } {
  if (!c || c.cells.length < 3 || Math.abs(c.axis[1]) > 0.35) return imageColour(img, null);
  const xs = c.cells.map((k) => k.x);
  const y = c.cells.reduce((a, k) => a + k.y, 0) / c.cells.length;
  const x0 = Math.min(...xs) - c.pitch;
  const x1 = Math.max(...xs) + c.pitch;
  const whole = imageColour(img, { x0, y0: y - c.height, x1, y1: y + c.height });
  const dial = colourStats(img, x0, y + c.height, x1, y + 6 * c.height, 2);
  return { redRatio: Math.max(whole.redRatio, dial.redFraction), blueRatio: Math.max(whole.blueRatio, dial.blueFraction) };
}

const CENTRE = 0.15;
const CENTRE_STEP = 4;

/**
 * Share of red and blue pixels in the central part of the photo (meter body, ring), less the drum
 * row's box (`row`): every water meter's red decimal drums said hot where nothing else said which
 * (a rendered cold meter's face without its `30°C`).
 */
function imageColour(img: RgbImage, row: { x0: number; y0: number; x1: number; y1: number } | null): { redRatio: number; blueRatio: number } {
  const [cx0, cy0, cx1, cy1] = [img.width * CENTRE, img.height * CENTRE, img.width * (1 - CENTRE), img.height * (1 - CENTRE)];
  const s = colourStats(img, cx0, cy0, cx1, cy1, CENTRE_STEP);
  if (!row) return { redRatio: s.redFraction, blueRatio: s.blueFraction };
  // The same sampling grid inside the row's box, where it overlaps the centre.
  const snap = (v: number, from: number) => from + Math.ceil((v - from) / CENTRE_STEP) * CENTRE_STEP;
  const inner = colourStats(img, snap(Math.max(cx0, row.x0), Math.floor(cx0)), snap(Math.max(cy0, row.y0), Math.floor(cy0)), Math.min(cx1, row.x1), Math.min(cy1, row.y1), CENTRE_STEP);
  const rest = s.samples - inner.samples;
  if (inner.samples === 0 || rest <= 0) return { redRatio: s.redFraction, blueRatio: s.blueFraction };
  const less = (all: number, part: number) => Math.max(0, (all * s.samples - part * inner.samples) / rest);
  return { redRatio: less(s.redFraction, inner.redFraction), blueRatio: less(s.blueFraction, inner.blueFraction) };
}
