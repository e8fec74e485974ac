// Shared knowledge about what surrounds a number on a nameplate: ratings, standards, units.
import { boxCentre, boxHeight } from './geometry.js';
import type { NumberToken } from './numbers.js';
import type { OcrLine } from './types.js';

/** The number is a rating, constant, standard or certificate when the text before it ends like this. */
export const RATING_BEFORE =
  /(^|[^a-z])(k\s?=?|q\s?[a-z0-9]{0,3}|g|dn|du|dy|pn|map|r|m|en|iso|iec|din|gost|[tfr]oct|ty|tu|oiml|ptb|typ|type|tip|class|cl|kl|v|u|i|x|imp|tel|phone|fax|tm|tg|t|p\s?max|pmax|qmax|qmin|ip|ik|bar|mod|model|art|ref|rp|de|mi|fw|sw|ver|v\.|lot|cz|ce)\s?[.:=\-]?\s?$/;

/** The number is a rating or a physical quantity when followed by a unit. */
export const UNIT_AFTER =
  /^\s?(v\b|a\b|\(|hz|imp|imn|rev|obr|u\/|r\/|k?wh|kw|w\b|kbt|kvar|m\s?3|m\s?\/|l\b|l\/|dm|bar|mbar|kpa|pa\b|°|'c|c\b|%|mm|cm|kg|g\b|x\s?10|\/\s?h|mmol|mg|ml|s\b|min|h\b|gcal|gj|mwh|ma\b|mah|v\/|hz\/)/;

/** Digits that begin with a yyyymmdd date (a batch or calibration stamp). */
export function startsWithDateStamp(digits: string): boolean {
  return /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])/.test(digits);
}

export const DATE_LIKE = /\b\d{1,2}[./-]\d{1,2}[./-](19|20)?\d{2}\b|\b\d{1,2}:\d{2}\b|\b(19|20)\d{2}[./-]\d{1,2}[./-]\d{1,2}\b/;

export function isYear(digits: string): boolean {
  if (digits.length !== 4) return false;
  const y = Number(digits);
  return y >= 1950 && y <= 2039;
}

export function hasRatingBefore(t: NumberToken): boolean {
  return RATING_BEFORE.test(t.before.replace(/\s+$/, ''));
}

export function hasUnitAfter(t: NumberToken): boolean {
  return UNIT_AFTER.test(t.after);
}

/** Units that follow a counter display (positive for a reading). */
export const READING_UNIT_AFTER = /^\s?[-–]?\s?(k\s?w\s?[.*]?\s?h|kbt|m\s?3(?!\s?\/)|m³|gcal|gj|mwh|ft3|cu)/;

/** "10000 1000 100 10 1" printed under drums, often read as one run "10000100010010". */
export function isPlaceValueRow(digits: string): boolean {
  return digits.length >= 5 && /^(10+){2,}1?$/.test(digits);
}

/** Camera apps burn "account-number / date time" overlays into photos: numbers beside a date line. */
export function nextToDateLine(lines: OcrLine[], i: number): boolean {
  const h = boxHeight(lines[i].box);
  const [cx, cy] = boxCentre(lines[i].box);
  return lines.some((o, j) => {
    if (j === i || !DATE_LIKE.test(o.text)) return false;
    const [ox, oy] = boxCentre(o.box);
    return Math.abs(oy - cy) < 3 * h && Math.abs(ox - cx) < 15 * h;
  });
}
