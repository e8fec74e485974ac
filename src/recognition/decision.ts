// The decision: the meter's type, and its reading or an abstention, from the counter row, the
// digit-wheel CNN and the text evidence. A reading is given only when the evidence agrees.
import type { Meter, MeterType, RecognitionOutcome } from './types.js';
import { drumRow, MAX_ROW_DIGITS, type CounterReading } from './counter/reader.js';
import { rowPart, type WheelReading } from './counter/wheels.js';
import { carrying, CERTAIN_OCR, combineDigits, rollingAt, snapPosition } from './counter/combine.js';
import { oneTenthDrum } from './counter/red-drums.js';
import { halvesContest } from './counter/half-numerals.js';
import { inSeparateWindows, onLighterCarrier } from './counter/row-look.js';
import type { ParsedText } from './parse/types.js';
import { startsWithDateStamp } from './parse/context.js';
import { isRateDisplay } from './parse/display-unit.js';
import { isSerialRow } from './second-look.js';
import { volumeUnitAfter } from './counter/volume-unit.js';
import type { OcrLine } from './ocr/types.js';

/** Whether a row's decimal position rests on a cue (red drums, a printed point, scale marks). */
export function cued(c: CounterReading): boolean {
  return c.decimalSource !== 'none';
}

/**
 * Decimals a meter display shows after its point: electricity counts tenths or hundredths of a kWh
 * (more is a label's or a sticker's number with a point in it); water, gas and heat displays at
 * most ten-thousandths.
 */
function maxPointDecimals(type: MeterType): number {
  return type === 'electricity' ? 2 : 4;
}

/** Near-certain OCR digits a drum row may keep against the CNN (see combine.ts). */
const MAX_OVERRULED = 1;
/** Lowest per-digit OCR confidence accepted for counters without colour cues / when nothing else confirms. */
const MIN_DIGIT_SCORE_CONFIRMED = 0.6;
const MIN_DIGIT_SCORE = 0.8;
/**
 * Longer digit rows without any decimal cue are serials or app overlays more often than counters
 * (or, on gas meters, fractional drums read as whole ones).
 */
export const MAX_PLAIN_DIGITS = 6;
/**
 * A row that starts with a zero may be longer: displays pad their reading with leading zeros to
 * their 7 or 8 digits (`00129005`), nameplate numbers rarely start with one (and one the parser
 * read as the serial is refused as such).
 */
const MAX_PADDED_DIGITS = 8;

/**
 * The digits of a row taken for the counter that is the nameplate's number instead: no decimal cue,
 * evenly spaced, longer than a plain counter and without a counter's leading zero (nor a red drum
 * after it, nor a yyyymmdd date stamp's shape); '' for any other row.
 */
export function nameplateNumber(c: CounterReading): string {
  const d = c.digits;
  if (c.decimalSource !== 'none' || !c.regular || c.redBeyond || d.length <= MAX_PLAIN_DIGITS || d.length > 12) return '';
  if (d.startsWith('0') || (d.length === 8 && startsWithDateStamp(d))) return '';
  return d;
}

/**
 * The type of a meter whose text names none, from the look of its volume register's drums (see
 * untypedType): white numerals on dark drums are a gas register's look (every gas meter of meters-dev but the US dial
 * one; a blurred Italian G4 whose words went unread was typed as water), dark numerals on light
 * drums a water meter's (all but two of its 29, which their words or colour typed).
 */
function untypedDrumMeter(counter: CounterReading): MeterType {
  return counter.windows?.lightInk ? 'gas' : 'water_unknown';
}

/**
 * Drums in a row at least this long are a water or gas register's (5 whole and 3 decimal drums, or
 * more); an electricity register's drum row is 5 to 7 long.
 */
const VOLUME_REGISTER_DRUMS = 8;

/**
 * The type of a meter whose text names none: a drum row's with red decimal drums, or with drums
 * enough for a volume register (a small or blurred gas register's red drums may lose their colour
 * along with its `G4`), by its look (see untypedDrumMeter); else electricity (an LCD, a short row, a
 * nameplate number).
 */
function untypedType(counter: CounterReading | null, drumLike: boolean, lines: readonly OcrLine[]): MeterType {
  if (!counter) return 'electricity';
  if (drumLike && counter.decimals >= 2) return untypedDrumMeter(counter);
  // A drum row followed by `m³` counts cubic metres, however few of its red drums were read (a far
  // shot of an Italian G4, `02204.738`, its words unread, read as far as its first red drum: an
  // electricity register's 5 + 1 to the eye, `2204.7`).
  if (drumLike && volumeUnitAfter(counter, lines)) return untypedDrumMeter(counter);
  // Not a nameplate's number taken for the row, which says nothing of the register.
  const volumeRow =
    counter.regular && counter.cells.length >= VOLUME_REGISTER_DRUMS && !counter.plainSigns && counter.windows !== undefined && inSeparateWindows(counter.windows) && !nameplateNumber(counter);
  return volumeRow ? untypedDrumMeter(counter) : 'electricity';
}

/**
 * Weight of other devices' markings (see meter-type.ts: an odometer's `km`, a scale's `kg`) from which,
 * with no word of a meter type read, a drum row with a red drum does not make the photo a meter: a car's
 * odometer has one too.
 */
const OTHER_DEVICE = 1.5;

/** `lines`: the pass's text boxes, for a unit printed after the counter row (see untypedType). */
export function decide(text: ParsedText, counter: CounterReading | null, wheels: WheelReading | null, lines: readonly OcrLine[] = []): RecognitionOutcome {
  const drumLike = counter !== null && counter.decimalSource === 'colour' && counter.regular;
  const otherDevice = text.meterType === null && text.otherDeviceEvidence >= OTHER_DEVICE;
  if (text.meterLikelihood < 0.5 && (!drumLike || otherDevice)) return { kind: 'no_meter' };
  const type: MeterType = text.meterType ?? untypedType(counter, drumLike, lines);
  const meter: Meter = {
    type,
    serialNumber: text.serialNumber,
    currentReading: chooseReading(type, text, counter, wheels),
    // The text's count also when the type came from the counter (an LCD with no kWh marking read).
    tariffCount: type === 'electricity' ? (text.tariffCount ?? text.electricityTariffCount) : null,
  };
  return { kind: 'meter', meter };
}

/**
 * Whether the digit-wheel CNN reads the row's digits exactly as the OCR did; with `lastMayRoll`, the
 * last wheel may be read as the CNN sees it (its half-rolls only the CNN sees).
 */
export function cnnConfirms(c: CounterReading, wheels: WheelReading | null, lastMayRoll = false): boolean {
  if (!wheels) return false;
  // A drum the OCR read no digit on has nothing for the CNN to confirm.
  if (c.cells.some((cell, i) => cell.unread && !(lastMayRoll && i === c.cells.length - 1))) return false;
  // A last wheel the CNN sees between two digits, neither the OCR's: a doubt, not a roll (a turned hot
  // meter's last drum, OCR `9` at 0.52 and CNN 7.5, gave 550.347 for a labelled 550.348).
  const n = c.cells.length;
  const last = wheels.positions[n - 1];
  if (lastMayRoll && last !== undefined && rollingAt(last) && !c.cells[n - 1].unread && ![Math.floor(last) % 10, Math.ceil(last) % 10].includes(c.cells[n - 1].digit)) return false;
  const combined = combineDigits(c, wheels);
  const kept = lastMayRoll ? (d: string) => d.slice(0, -1) : (d: string) => d;
  return combined.disagreements === 0 && combined.overruled === 0 && kept(combined.digits) === kept(c.digits);
}

/**
 * A plain row without the blank leading digits whose unlit segments the OCR read as 8s (see
 * plain-row.ts), and the CNN's wheels without them; any other row as it is.
 */
function withoutGhosts(c: CounterReading, wheels: WheelReading | null): { counter: CounterReading; wheels: WheelReading | null } {
  const k = c.plainSigns?.ghostLead ?? 0;
  if (k === 0) return { counter: c, wheels };
  const n = c.cells.length;
  const at = c.plainSigns!.pointAfter;
  // A point among the blank digits is no point of the reading's: a doubt.
  const signs = { ...c.plainSigns!, ghostLead: 0, pointAfter: at !== null && at >= k ? at - k : null, unreadPoint: c.plainSigns!.unreadPoint || (at !== null && at < k) };
  // A point the OCR read among them is an unlit one; one it read after them is the display's (a
  // rendered `  9922.8` read `8.89922.8`: its first point taken, then dropped with the ghosts, `99228`).
  const ghostPoint = c.decimalSource === 'point' && c.decimals >= n - k;
  const lit = ghostPoint ? c.cells.findIndex((cell, i) => i >= k && i < n - 1 && cell.followedBySeparator) : -1;
  const [decimals, decimalSource] = !ghostPoint ? [c.decimals, c.decimalSource] : lit >= 0 ? [n - 1 - lit, 'point' as const] : [0, 'none' as const];
  const part = rowPart(c, wheels, k, n, decimals);
  return { counter: { ...part.counter, decimalSource, plainSigns: signs }, wheels: part.wheels };
}

/**
 * A plain row whose point the OCR left out, with its decimals where the pixels show the point
 * (see plain-row.ts); any other row as it is. Only the verdict takes the point: the row stays
 * uncued for the second looks, which take rows with cues from anywhere on the meter.
 */
function withSeenPoint(c: CounterReading): CounterReading {
  const at = c.plainSigns?.pointAfter;
  if (c.decimalSource !== 'none' || at == null) return c;
  const decimals = c.cells.length - 1 - at;
  return { ...c, decimals, decimalSource: 'point', value: Number(c.digits) / 10 ** decimals };
}

/**
 * Whether a reading checked for a meter of type `checked` holds for one of type `type`: a water
 * meter's checks (three or four red drums) are stricter than a gas meter's, no others compare.
 */
export function checksHold(checked: MeterType, type: MeterType): boolean {
  return checked === type || (checked.startsWith('water') && (type.startsWith('water') || type === 'gas'));
}

/**
 * An electricity drum register's reading when only its tenth drum is in doubt and the CNN sees that
 * drum part way between two digits: the whole kWh, and the tenth as the lower of its two digits, as a
 * half-rolled wheel is written down. Readers who leave a rolling tenth out (every such label in
 * meters-dev does: `0599` for a KEC register showing 599 and a tenth between 1 and 2) compare at their
 * label's precision, where the tenth changes nothing; a reading of the whole kWh alone would miss
 * every label that keeps the tenth. The whole drums must read alike by both readers, with no veto,
 * the units drum must stand on a digit, and the tenth must not be passing 9 -> 0, which carries the
 * units drum along. Nor where the OCR read the tenth near-certainly: a drum part way shows two half
 * numerals, which it reads unsurely (0.22 to 0.60 on meters-dev), and one it reads surely shows one
 * digit, which a CNN seeing it part way is off (a tilted register's red `1`, read at 0.99 in a strip
 * whose drums the CNN saw from 0.2 below to 0.3 above their digits, at 0.6: `461919` for `461919.1`;
 * from 0.55 on, the OCR's next digit now stands in combineDigits, and this holds short of that).
 */
function rollingTenthReading(c: CounterReading, wheels: WheelReading): { reading: number; why: string } | null {
  const n = c.cells.length;
  if (c.decimals !== 1 || wheels.positions.length !== n) return null;
  const snapped = wheels.positions.map(snapPosition);
  const rolls = (i: number) => rollingAt(wheels.positions[i]);
  if (!rolls(n - 1) || carrying(snapped, n - 2) || rolls(n - 2)) return null;
  const tenth = c.cells[n - 1];
  if (!tenth.unread && tenth.score >= CERTAIN_OCR) return null;
  const part = rowPart(c, wheels, 0, n - 1, 0);
  const combined = combineDigits(part.counter, part.wheels!);
  // Not even one near-certain OCR digit against the CNN: a row whose cells the CNN sees off their
  // drums may have lost drums too (a tilted `274707.2` read as `47072`, its `4` vetoed).
  if (combined.disagreements > 0 || combined.overruled > 0) return null;
  const lower = Math.floor(wheels.positions[n - 1]) % 10;
  return { reading: (Number(combined.digits) * 10 + lower) / 10, why: 'ok: tenth rolling, its lower digit' };
}

/** The counter's value when the evidence agrees; null rather than a guess. */
export function chooseReading(type: MeterType, text: ParsedText, c: CounterReading | null, wheels: WheelReading | null): number | null {
  return readingVerdict(type, text, c, wheels).reading;
}

/** The reading, or null with the reason it was withheld (benchmarks print it). */
export function readingVerdict(
  type: MeterType,
  text: ParsedText,
  c: CounterReading | null,
  wheels: WheelReading | null,
): { reading: number | null; why: string } {
  const no = (why: string) => ({ reading: null, why });
  if (!c) return no('no counter');
  // A number followed by volts, degrees or a flow per hour is a measurement on show, not the register.
  if (isRateDisplay(text.rateDisplays, c.digits)) return no('rate display');
  if (type === 'electricity') ({ counter: c, wheels } = oneTenthDrum(c, wheels));
  // What the OCR read, for the text parser's pick: the row's repairs below are the pixels' doing.
  const ocrDigits = c.digits;
  // Blank leading digits a display shows as unlit segments: the register's start is seen.
  const blank = (c.plainSigns?.ghostLead ?? 0) + (c.blankLead ?? 0);
  ({ counter: c, wheels } = withoutGhosts(c, wheels));
  // The same less those ghosts, which the parser's pick may leave out: a strip of the row's own reads
  // them where the photo's lines did not (a strip widened over a display's blank digits and `65.6`
  // read `8888656`, the parser's pick `65.6`).
  const litDigits = c.digits;
  const seen = withSeenPoint(c);
  const pointSeen = seen !== c;
  c = seen;
  if (!c.regular) return no('irregular');
  // Drum rows check every OCR digit against the CNN, so a less sure OCR digit may pass there.
  const drums = drumRow(c);
  if (!drums && c.minScore < MIN_DIGIT_SCORE_CONFIRMED) return no('low ocr score');
  // A display's blank leading digits, seen as unlit segments, count as its places: a new meter's
  // `   270`, its ghost 8s read and wiped, is a register's reading, not a stray number.
  if (c.digits.length + blank < 4 || c.digits.length > MAX_ROW_DIGITS) return no('digit count');
  if (c.decimalSource === 'point' && c.decimals > maxPointDecimals(type)) return no('point: too many decimals');
  // A red drum just past the last digit means the OCR missed a fractional wheel.
  if (c.redBeyond) return no('red beyond');
  // Marks under the drums that place the point elsewhere: a black drum passed for the red one.
  if (c.marksContest) return no('marks: decimals elsewhere');
  // A drum the OCR left out before the first cell: the row is short by a leading digit (a 0 changes nothing).
  if ((c.drumBefore ?? 0) !== 0) return no('drum before');
  // Water meters show 4-6 whole cubic metres and 3-4 fractional (red) drums; anything else means
  // the OCR missed or added a drum, or the boundary was not found.
  // (A display's blank leading digits count: the OCR did not miss them.)
  const whole = c.digits.length - c.decimals + blank;
  // So do a display's leading zeros left blank where its own point was read and no digit's worth of
  // ink lies a pitch before its first digit (an ultrasonic water meter's `    12.345`): none was missed.
  // Not where the first digit is a 0: a display that shows its zeros blanks none (and a printed dial
  // multiplier, `x0.0001`, taken for the row in a dark photo, is no display); nor with one whole digit,
  // as printed constants have (`K=2.3148`).
  const blankDisplayLead =
    !drums && c.decimalSource === 'point' && c.plainSigns !== undefined && !c.plainSigns.inkPastEnd && !c.digits.startsWith('0') && c.digits.length - c.decimals >= 2;
  if (type.startsWith('water') && !(c.decimals >= 3 && c.decimals <= 4 && (whole >= 4 || blankDisplayLead))) return no('water decimals');
  // Six whole drums led by a 1: the edge of the first drum's window read as a 1, as on tilted photos
  // (an Itelma's `100488.715` for `00488.715`); household meters hardly reach 100 000 m³.
  if (type.startsWith('water') && drums && whole > 5 && c.digits.startsWith('1')) return no('water: leading 1');
  // Gas drum counters have 5-6 whole-unit drums: fewer means part of the row was missed.
  if (type === 'gas' && whole < 5 && !blankDisplayLead) return no('gas: short');
  // A gas register shows fractions of its unit, on red drums or after a display's point: a display's
  // row read without a point lost it (a rendered `231.932` whose point sat against its `1`'s foot, read
  // `231932` under a warm cast).
  if (type === 'gas' && !drums && c.decimalSource === 'none' && c.plainSigns !== undefined) return no('gas: display without a point');
  // ... and no more than 6: a drum row read with 7 whole drums took a red frame's edge, or a drum
  // reaching into it, for the decimals' start (a rendered BK-G4's `58766.449` as `5876644.9`).
  if (type === 'gas' && drums && c.digits.length - c.decimals > 6) return no('gas: long');
  // A gas register's red drums are two or three (hundredths or thousandths of a m³): one red drum that
  // no red cell follows is a red frame's edge round dark decimal drums the OCR left unread (a far shot
  // of an Italian G4, `02204.738`, read `2204.7`). Where red drums follow, rolled or paled by glare, the
  // row stands as read: the reader's label stops there too (`08078.4`).
  if (type === 'gas' && drums && c.decimalSource === 'colour' && c.decimals === 1 && !c.redCellAfter) return no('gas: one red drum');
  // Electricity drum counters have 4-6 whole-kWh drums and one red tenths drum: fewer whole drums
  // means the OCR missed some (off by a power of ten), and a second red drum that is neither the
  // scale marks nor colour bleeding (see red-drums.ts) leaves the decimal point in doubt.
  if (type === 'electricity' && drums && c.digits.length - c.decimals < 4) return no('electricity: short');
  if (type === 'electricity' && c.decimalSource === 'colour' && c.decimals > 1) return no('electricity: red drums');
  let digits = c.digits;
  if (drums) {
    // Drum counters: the digit-wheel CNN must agree with the OCR cell by cell.
    if (!wheels) return no('no wheels');
    const combined = combineDigits(c, wheels);
    if (combined.disagreements > 0) {
      const whole = type === 'electricity' ? rollingTenthReading(c, wheels) : null;
      return whole ?? no(`cnn disagrees x${combined.disagreements}`);
    }
    // One near-certain OCR digit may stand against the CNN; two say the row is not what it seems.
    if (combined.overruled > MAX_OVERRULED) return no(`cnn vetoes x${combined.overruled}`);
    if (halvesContest(c, combined.digits)) return no('drums: a part numeral boxed otherwise');
    digits = combined.digits;
  } else {
    // LCDs and counters without colour cues: the text parser must pick the same number.
    // A less sure OCR row may stand when the wheel CNN reads every cell the same.
    if (c.minScore < MIN_DIGIT_SCORE && !cnnConfirms(c, wheels)) return no('plain: low ocr score');
    if (c.decimalSource === 'none' && c.digits.length > (c.digits.startsWith('0') ? MAX_PADDED_DIGITS : MAX_PLAIN_DIGITS)) return no('plain: too long');
    if (isSerialRow(c, text.serialNumber)) return no('plain: the serial');
    // Marks under drums past the row's last cell: the row stops short of its units drum.
    if (c.unitsPastRow) return no('plain: marks past the row');
    const top = text.readings[0];
    // Leading zeros aside: the OCR may drop or the row may leave out a blank leading cell.
    const unpadded = (d: string) => d.replace(/^0+(?=\d)/, '');
    const picked = top ? unpadded(top.text.replace(/\D/g, '')) : null;
    if (picked !== unpadded(ocrDigits) && picked !== unpadded(litDigits)) return no(`plain: parser ${top?.text ?? '-'}`);
    if (c.decimalSource === 'none' && top.decimals > 0) return no('plain: parser decimals');
    // Light drums in separate dark windows often end in an unmarked fractional drum of the same
    // look: without a decimal cue, whether the last one is a tenth is a coin flip. Not when one
    // more drum follows in a window of its own (an electricity register's tenth set apart): the
    // drums read are whole kWh, and the reading leaves that tenth out.
    if (c.decimalSource === 'none' && c.windows && inSeparateWindows(c.windows) && !(type === 'electricity' && c.drumBeyond)) return no('plain: separate windows, no decimal cue');
    if (c.decimalSource === 'none' && c.windows && onLighterCarrier(c.windows)) return no('plain: dark drums, no decimal cue');
    const signs = c.plainSigns;
    // A point in the pixels besides the one the OCR read: two points, or a speck; either way a doubt.
    if (signs?.unreadPoint || (signs?.pointAfter != null && !pointSeen)) return no('plain: unread point');
    if (signs?.inkPastEnd) return no('plain: ink past the end');
    if (signs?.faintCell) return no('plain: faint cell');
    if (signs?.barsAmiss) return no('plain: bars amiss');
    if (signs?.sparseEight) return no('plain: sparse 8');
    // A point the OCR read after the last digit: the digits after it went unread.
    if (c.cells[c.cells.length - 1].followedBySeparator) return no('plain: point at the end');
  }
  return { reading: Number(digits) / 10 ** c.decimals, why: 'ok' };
}
