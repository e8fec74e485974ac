// Rendered meter faces with random readings, read by the real pipeline: a search for wrong readings
// that needs no data set (each wrong one is printed with what the counter stage saw). The faces are
// the test fixtures' (DejaVu fonts, rendered by sharp): a water meter with 5 black and 3 red drums,
// an electricity register with its drums in separate windows, with and without a tenths drum set
// apart (printed as the row's drums are, or the other way round), and one with 6 black drums and a
// red tenth; the water face and the 6+1 register again with their drums part way between digits (a
// carry under way); an LCD register (seven-segment digits,
// faint unlit segments, a point), alone, with a tariff sign and a register code (`T2`, `1.8.2`), and
// with a tariff in words (`ТАРИФ 2`, `TARIFF 3`, `МНОГОТАРИФНЫЙ`);
// a hot-water meter with light drums in a red band, red numerals for the decimals; a register whose
// tenth is framed in red; gas meters with a red frame round 3 decimal drums, light or dark drums;
// ultrasonic gas, water and heat meters' LCD faces. A reading may be null; it must never be wrong. Each
// face's meter type and tariff count are checked too (a face answered without a meter counts as wrong).
// Look-alike devices (a scale's, a fuel pump's, a thermometer's LCD; an odometer's or a stroke counter's
// drums) must be answered without a meter: one taken for a meter counts as a wrong reading.
// Usage: npm run bench:synthetic -- [--count n] [--seed s] [--degrade none|jpeg|blur|small|tilt|sideways|warm|glare|shadow] [--only layout] [--save dir]
// [--font dejavu|condensed|mono|serif] [--words en|ru] [--verbose] (--only: the layouts whose name holds that text; --font:
// another typeface for the faces' digits and printing; --words ru: the faces' printing in Russian; --verbose also prints every null reading; --save
// writes each face as given to the recogniser, PNG or JPEG, to dir as `<k>-<layout>.img`, k the face's round)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRecognizer } from '../src/recognition/pipeline.js';
import { readingVerdict } from '../src/recognition/decision.js';
import { renderSvg } from '../src/recognition/preprocess.js';
import { takeFlag } from './lib/args.js';
import { glare, SHADOW_DEPTH, shadowed, WARM_GAINS } from './lib/camera.js';
import { electricityDrumSvg, framedTenthSvg, GAS_LCD, gasMeterSvg, HEAT_LCD, hotWaterMeterSvg, inRussian, lcdMeterSvg, WATER_LCD, waterMeterSvg, windowedMeterSvg } from '../test/recognition/fixtures.js';
import type { MeterType } from '../src/recognition/types.js';

type Verdict = 'exact' | 'null' | 'wrong';

const DEGRADE: Record<string, (png: Buffer) => Promise<Buffer>> = {
  none: async (png) => png,
  jpeg: (png) => sharp(png).jpeg({ quality: 60 }).toBuffer(),
  blur: (png) => sharp(png).blur(1.5).toBuffer(),
  small: (png) => sharp(png).resize(450).toBuffer(),
  tilt: (png) => sharp(png).rotate(8, { background: '#808080' }).png().toBuffer(),
  sideways: (png) => sharp(png).rotate(90).png().toBuffer(),
  // Tungsten light under a daylight white balance (as the accuracy bench's `--degrade warm`).
  warm: (png) => sharp(png).removeAlpha().linear(WARM_GAINS, [0, 0, 0]).jpeg({ quality: 85 }).toBuffer(),
  // A lamp's highlight on the glass right of the face's middle, over the row's last drums (milder and
  // smaller than the accuracy bench's `--degrade glare`, which wipes most rows out).
  glare: async (png) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
    const lit = glare(rgb, info.width, info.height, info.width * GLARE_AT[0], info.height * GLARE_AT[1], Math.min(info.width, info.height) * GLARE_RADIUS, GLARE_PEAK);
    return sharp(lit, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  },
  // A shadow over the face's bottom left half (as the accuracy bench's `--degrade shadow`).
  shadow: async (png) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const dark = shadowed(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, SHADOW_DEPTH);
    return sharp(dark, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  },
};

/** The highlight's centre (shares of the face's width and height), radius (of its short side) and peak (grey levels added). */
const GLARE_AT = [0.72, 0.42];
const GLARE_RADIUS = 0.14;
const GLARE_PEAK = 170;

/** Other typefaces for every face's printing and drum digits, as other makers use (`--font`). */
const FONTS: Record<string, string> = { dejavu: 'DejaVu Sans', condensed: 'DejaVu Sans Condensed', mono: 'DejaVu Sans Mono', serif: 'DejaVu Serif' };
const withFont = (svg: string, family: string) => svg.replaceAll('font-family="DejaVu Sans"', `font-family="${family}"`);

const WORDS: Record<string, (svg: string) => string> = { en: (svg) => svg, ru: inRussian };

/** A seeded linear congruential generator, so that a run can be repeated. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

interface Face {
  layout: string;
  svg: string;
  shows: string;
  /** Readings that are right (a tenth set apart may be left out). */
  right: number[];
  /** The type its words (or, without a rated temperature, its colours) name; `no_meter` for another device. */
  type: MeterType | 'no_meter';
  /** The tariff count its marks or words give (`T2`: 2; `T1` alone: 2), if it shows any. */
  tariffs?: number;
}

/** The tariff count a face's type and marks give: 1 for an electricity register without tariff marks. */
function tariffOf(face: Face): number | null {
  if (face.type !== 'electricity') return null;
  return face.tariffs ?? 1;
}

/**
 * Drum positions of an odometer part way through a count: the last drum anywhere between two digits,
 * often after a run of 9s, which then turn with it (a drum moves on while the one to its right goes
 * from 9 to 0), so a carry can be under way across several drums.
 */
function rollingDrums(n: number, r: () => number): number[] {
  const d = Array.from({ length: n }, () => Math.floor(r() * 10));
  if (r() < 0.5) {
    const nines = 1 + Math.floor(r() * (n - 2));
    for (let i = n - 1 - nines; i < n - 1; i++) d[i] = 9;
  }
  const pos = d.map(Number);
  pos[n - 1] += Math.round(r() * 9) / 10;
  for (let i = n - 2; i >= 0; i--) pos[i] += Math.max(0, pos[i + 1] - 9);
  return pos.map((p) => Math.round(p * 100) / 100);
}

/**
 * Right readings of rolling drums: every drum at its lower digit, as a reader writes it down; a last
 * drum past half way may also be read as its next digit (one unit in the last place more). A register
 * of 9s throughout turns over to 0s: its next reading is 0, not one it has no drum for.
 */
function rollingRight(pos: number[], decimals: number): number[] {
  const lower = Number(pos.map((p) => Math.floor(p) % 10).join(''));
  const roll = pos[pos.length - 1] % 1;
  return (roll >= 0.5 ? [lower, (lower + 1) % 10 ** pos.length] : [lower]).map((v) => v / 10 ** decimals);
}

/**
 * A gas row without its last drums while they are part way between two digits: readers leave
 * rolling red drums out (meters-dev's gas labels do: `08078.4` where the second and third red drums
 * roll), so such a reading leaves drums out, not gets one wrong.
 */
function withoutRollingTail(pos: number[], decimals: number): number[] {
  const lower = rollingRight(pos, decimals)[0];
  const out: number[] = [];
  for (let k = 1; k < decimals && pos[pos.length - k] % 1; k++) out.push(Math.floor(lower * 10 ** (decimals - k) + 1e-6) / 10 ** (decimals - k));
  return out;
}

/** The whole kWh of a register whose tenth drum (the last) is part way between two digits, else none. */
function wholeWhileRolling(pos: number[]): number[] {
  return pos[pos.length - 1] % 1 ? [Math.floor(rollingRight(pos, 1)[0])] : [];
}

const shown = (pos: number[]) => pos.map((p) => (p % 1 ? p.toFixed(1) : String(p))).join(' ');

/**
 * An LCD register's display: 5 to 8 digits, 0 to 2 of them after the point (an electricity register),
 * or `volume`: 8 digits, 3 after the point (cubic metres to the litre, as ultrasonic gas and water
 * meters show them); leading zeros shown or left blank (both are common), and how faintly its unlit
 * segments show.
 */
function lcdDisplay(r: () => number, volume = false): { display: string; value: number; ghost: number } {
  const n = volume ? 8 : 5 + Math.floor(r() * 4);
  const decimals = volume ? 3 : Math.floor(r() * 3);
  let d = Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const lead = Math.floor(r() * (n - decimals - 1));
  d = '0'.repeat(lead) + d.slice(lead);
  const value = Number(d) / 10 ** decimals;
  if (r() < 0.5) d = d.replace(/^0+(?=\d)/, (z) => ' '.repeat(z.length));
  const display = decimals ? `${d.slice(0, n - decimals)}.${d.slice(n - decimals)}` : d;
  return { display, value, ghost: Math.round(r() * 12) / 100 };
}

/** Seeded draws per group of layouts, so that a seed still gives the earlier layouts' faces. */
interface Draws {
  /** The first layouts'. */
  rnd: () => number;
  /** The 6+1 register's and the rolling layouts'. */
  more: () => number;
  lcd: () => number;
  hot: () => number;
  framed: () => number;
  gas: () => number;
  /** The gas and water LCD faces'. */
  volumeLcd: () => number;
  heatLcd: () => number;
  /** The tariff-word LCD face's. */
  tariffWords: () => number;
  /** The look-alike devices'. */
  lookalike: () => number;
}

/**
 * Other devices with a meter's look (an LCD, drums in windows) and their own words: each must be
 * answered without a meter. `line` takes the place of the nameplate's `No` line.
 */
const LOOKALIKE_LCDS = [
  { brand: 'TANITA', unit: 'kg', ratings: 'Max 5 kg  d = 1 g', title: 'DIGITAL KITCHEN SCALE', line: 'MODEL KD-321' },
  { brand: 'TFA', unit: '°C', ratings: 'Range -50...+70°C', title: 'DIGITAL THERMOMETER', line: 'ART. 30.1012' },
  { brand: 'UNI-T', unit: 'V', ratings: 'CAT III 600V  10A MAX', title: 'DIGITAL MULTIMETER', line: 'UT33D+' },
  { brand: 'TOKHEIM', unit: 'L', ratings: 'PRICE PER LITRE 1.859', title: 'TOTAL SALE', line: 'PUMP 4' },
  { brand: 'OMRON', unit: 'mmHg', ratings: 'SYS  DIA  PULSE/min', title: 'BLOOD PRESSURE MONITOR', line: 'M3 HEM-7131' },
  { brand: 'ACCU-CHEK', unit: 'mmol/L', ratings: 'CODE 472', title: 'BLOOD GLUCOSE METER', line: 'SN 51234567' },
  { brand: 'CASIO', unit: '', ratings: 'TWO WAY POWER', title: 'ELECTRONIC CALCULATOR', line: 'MS-80B' },
  { brand: 'ODO', unit: 'km', ratings: 'TRIP A  TRIP B', title: 'SERVICE IN 1200 km', line: 'ECO' },
  { brand: 'XIAOMI', unit: '%RH', ratings: 'COMFORT LEVEL', title: 'TEMPERATURE HUMIDITY MONITOR', line: 'LYWSD03MMC' },
  { brand: 'ZKE', unit: 'W', ratings: '4-30V  0-5A  USB TESTER', title: 'QC2.0 QC3.0', line: 'KWS-V20' },
];
const LOOKALIKE_DRUMS = [
  { unit: 'km', title: 'ODOMETER', ratings: 'TRIP RESET', line: 'VDO 412.021' },
  { unit: 'h', title: 'HOUR METER', ratings: '12-36V DC', line: 'ENM T50' },
  { unit: '', title: 'TALLY COUNTER', ratings: 'PRESS TO COUNT', line: 'MODEL 4-DIGIT' },
  { unit: 'pcs', title: 'STROKE COUNTER', ratings: 'MAX 10 Hz', line: 'HENGSTLER 0 731' },
];

/**
 * A register's tariff named in words beside its display, Latin or Cyrillic (the recogniser reads
 * Cyrillic as Latin and Greek look-alikes, `ТАРИФ 2` as `TAPVΦ 2`), or the meter's kind on its face.
 */
function tariffWordOf(r: () => number): { text: string; tariffs: number } {
  const n = 1 + Math.floor(r() * 4);
  const words = [
    { text: `ТАРИФ ${n}`, tariffs: Math.max(2, n) },
    { text: `Тариф ${n}`, tariffs: Math.max(2, n) },
    { text: `TARIFF ${n}`, tariffs: Math.max(2, n) },
    { text: `RATE ${n}`, tariffs: Math.max(2, n) },
    { text: 'ДВУХТАРИФНЫЙ', tariffs: 2 },
    { text: 'МНОГОТАРИФНЫЙ', tariffs: 2 },
    { text: 'T1 T2 T3 T4', tariffs: 4 },
  ];
  return words[Math.floor(r() * words.length)];
}

/** A look-alike device's display: 1 to 6 digits, 0 to 2 of them after the point, leading blanks. */
function lookalikeDisplay(r: () => number): string {
  const whole = String(Math.floor(r() * 10 ** (1 + Math.floor(r() * 4))));
  const decimals = Math.floor(r() * 3);
  const shown = decimals ? `${whole}.${String(Math.floor(r() * 10 ** decimals)).padStart(decimals, '0')}` : whole;
  return shown.padStart(7, ' ');
}

function faces({ rnd, more, lcd, hot, framed, gas, volumeLcd, heatLcd, lookalike, tariffWords }: Draws): Face[] {
  const digits = (n: number, r = rnd) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const water = digits(8);
  const whole = digits(5);
  const tenth = digits(1);
  const register = digits(7, more);
  const waterRoll = rollingDrums(8, more);
  const registerRoll = rollingDrums(7, more);
  const plainLcd = lcdDisplay(lcd);
  const tariffLcd = lcdDisplay(lcd);
  const tariff = `T${1 + Math.floor(lcd() * 4)}`;
  const code = `1.8.${tariff[1]}`;
  const wordLcd = lcdDisplay(tariffWords);
  const tariffWord = tariffWordOf(tariffWords);
  const hotWater = digits(8, hot);
  const framedRoll = rollingDrums(5 + Math.floor(framed() * 2), framed);
  const gasLight = rollingDrums(8, gas);
  const gasDark = rollingDrums(8, gas);
  const gasLcd = lcdDisplay(volumeLcd, true);
  const waterLcd = lcdDisplay(volumeLcd, true);
  const heatDisplay = lcdDisplay(heatLcd);
  const device = LOOKALIKE_LCDS[Math.floor(lookalike() * LOOKALIKE_LCDS.length)];
  const deviceDisplay = lookalikeDisplay(lookalike);
  const deviceGhost = Math.round(lookalike() * 8) / 100;
  const counter = LOOKALIKE_DRUMS[Math.floor(lookalike() * LOOKALIKE_DRUMS.length)];
  const counted = digits(6, lookalike);
  const counterSvg = lookalike() < 0.5
    ? windowedMeterSvg(counted.slice(0, 5), lookalike() < 0.5 ? counted[5] : null).replace('>kWh<', `>${counter.unit}<`).replace('WATTHOUR METER', counter.title).replace('SINGLE PHASE 2-WIRE  220V 50Hz', counter.ratings).replace('No. 11003147', counter.line)
    : electricityDrumSvg(counted, '0').replace('>kWh<', `>${counter.unit}<`).replace('230V 10(60)A 50Hz  1000 imp/kWh', counter.ratings).replace('No 0', counter.line).replace('SINGLE PHASE ENERGY METER  CLASS 2', counter.title);
  return [
    { layout: 'water 5+3 red', svg: waterMeterSvg(water, '12-345678'), shows: water, right: [Number(water) / 1000], type: 'water_cold' },
    { layout: 'windows + tenth apart', svg: windowedMeterSvg(whole, tenth), shows: `${whole}|${tenth}`, right: [Number(whole), Number(`${whole}.${tenth}`)], type: 'electricity' },
    { layout: 'windows, no tenth', svg: windowedMeterSvg(whole, null), shows: whole, right: [], type: 'electricity' },
    // The same register with its tenth printed the other way round (light on a dark drum): a tenth set
    // apart by its look, where the one above, printed as the row's drums are, may be the row's own last drum.
    { layout: 'windows + dark tenth apart', svg: windowedMeterSvg(whole, tenth, 'light'), shows: `${whole}|${tenth} light on dark`, right: [Number(whole), Number(`${whole}.${tenth}`)], type: 'electricity' },
    { layout: 'electricity 6+1 red', svg: electricityDrumSvg(register, '01234567'), shows: register, right: [Number(register) / 10], type: 'electricity' },
    { layout: 'water, drums rolling', svg: waterMeterSvg(waterRoll, '12-345678'), shows: shown(waterRoll), right: rollingRight(waterRoll, 3), type: 'water_cold' },
    // Readers leave a rolling tenth out: the whole kWh is right while the tenth drum is between digits.
    { layout: '6+1, drums rolling', svg: electricityDrumSvg(registerRoll, '01234567'), shows: shown(registerRoll), right: [...rollingRight(registerRoll, 1), ...wholeWhileRolling(registerRoll)], type: 'electricity' },
    { layout: 'lcd', svg: lcdMeterSvg(plainLcd.display, '01234567', { ghost: plainLcd.ghost }), shows: `${plainLcd.display} ghost ${plainLcd.ghost}`, right: [plainLcd.value], type: 'electricity' },
    {
      layout: 'lcd, tariff + code',
      svg: lcdMeterSvg(tariffLcd.display, '01234567', { ghost: tariffLcd.ghost, tariff, code }),
      shows: `${code} ${tariffLcd.display} ${tariff} ghost ${tariffLcd.ghost}`,
      right: [tariffLcd.value],
      type: 'electricity',
      // A register marked T1 alone belongs to a multi-tariff meter (see parse/tariff.ts).
      tariffs: Math.max(2, Number(tariff[1])),
    },
    {
      layout: 'lcd, tariff word',
      svg: lcdMeterSvg(wordLcd.display, '01234567', { ghost: wordLcd.ghost, tariff: tariffWord.text }),
      shows: `${wordLcd.display} ${tariffWord.text} ghost ${wordLcd.ghost}`,
      right: [wordLcd.value],
      type: 'electricity',
      tariffs: tariffWord.tariffs,
    },
    { layout: 'hot water, red band', svg: hotWaterMeterSvg(hotWater, 'F05082 14'), shows: hotWater, right: [Number(hotWater) / 1000], type: 'water_hot' },
    // As for the tenth set apart, a reading of the whole kWh leaves out a drum, not gets one wrong.
    { layout: 'tenth in a red frame', svg: framedTenthSvg(framedRoll, '3165537'), shows: shown(framedRoll), right: [...rollingRight(framedRoll, 1), Math.floor(rollingRight(framedRoll, 1)[0])], type: 'electricity' },
    { layout: 'gas, light drums framed', svg: gasMeterSvg(gasLight, '33834598', true), shows: shown(gasLight), right: [...rollingRight(gasLight, 3), ...withoutRollingTail(gasLight, 3)], type: 'gas' },
    { layout: 'gas, dark drums framed', svg: gasMeterSvg(gasDark, '33834598', false), shows: shown(gasDark), right: [...rollingRight(gasDark, 3), ...withoutRollingTail(gasDark, 3)], type: 'gas' },
    { layout: 'lcd, gas meter', svg: lcdMeterSvg(gasLcd.display, '33834598', { ghost: gasLcd.ghost, words: GAS_LCD }), shows: `${gasLcd.display} ghost ${gasLcd.ghost}`, right: [gasLcd.value], type: 'gas' },
    { layout: 'lcd, water meter', svg: lcdMeterSvg(waterLcd.display, '12-345678', { ghost: waterLcd.ghost, words: WATER_LCD }), shows: `${waterLcd.display} ghost ${waterLcd.ghost}`, right: [waterLcd.value], type: 'water_cold' },
    { layout: 'lcd, heat meter', svg: lcdMeterSvg(heatDisplay.display, '66123456', { ghost: heatDisplay.ghost, words: HEAT_LCD }), shows: `${heatDisplay.display} ghost ${heatDisplay.ghost}`, right: [heatDisplay.value], type: 'heat' },
    { layout: 'look-alike lcd', svg: lcdMeterSvg(deviceDisplay, '0', { ghost: deviceGhost, words: device }).replace('No 0', device.line), shows: `${device.title}: ${deviceDisplay}`, right: [], type: 'no_meter' },
    { layout: 'look-alike drums', svg: counterSvg, shows: `${counter.title}: ${counted}`, right: [], type: 'no_meter' },
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => takeFlag(args, name);
  const count = Number(opt('--count') ?? 30);
  const seed = Number(opt('--seed') ?? 1);
  const degrade = opt('--degrade') ?? 'none';
  const verbose = args.includes('--verbose');
  const only = opt('--only');
  const font = opt('--font') ?? 'dejavu';
  const words = opt('--words') ?? 'en';
  const save = opt('--save');
  if (save) mkdirSync(save, { recursive: true });
  if (!DEGRADE[degrade]) throw new Error(`--degrade takes ${Object.keys(DEGRADE).join(', ')}`);
  if (!FONTS[font]) throw new Error(`--font takes ${Object.keys(FONTS).join(', ')}`);
  if (!WORDS[words]) throw new Error(`--words takes ${Object.keys(WORDS).join(', ')}`);
  const modelsDir = fileURLToPath(new URL('../../models/', import.meta.url));
  const recognizer = await createRecognizer({ modelsDir, threads: 2, maxPixels: 40_000_000 });
  const draws: Draws = {
    rnd: random(seed),
    more: random(seed + 0x9e3779b9),
    lcd: random(seed + 0x7f4a7c15),
    hot: random(seed + 0x2545f491),
    framed: random(seed + 0x1b873593),
    gas: random(seed + 0x3c6ef372),
    volumeLcd: random(seed + 0x510e527f),
    heatLcd: random(seed + 0x9b05688c),
    lookalike: random(seed + 0x1f83d9ab),
    tariffWords: random(seed + 0x5be0cd19),
  };
  const tally = new Map<string, Record<Verdict, number> & { typed: number; tariffed: number }>();
  for (let k = 0; k < count; k++) {
    for (const face of faces(draws)) {
      if (only && !face.layout.includes(only)) continue;
      const image = await DEGRADE[degrade](await renderSvg(withFont(WORDS[words](face.svg), FONTS[font])));
      const detail = await recognizer.inspect(image);
      const got = detail.outcome.kind === 'meter' ? detail.outcome.meter.currentReading : null;
      // Another device's face is right when answered without a meter, wrong when taken for one.
      const verdict: Verdict =
        face.type === 'no_meter' ? (detail.outcome.kind === 'meter' ? 'wrong' : 'exact') : got === null ? 'null' : face.right.includes(got) ? 'exact' : 'wrong';
      const type = detail.outcome.kind === 'meter' ? detail.outcome.meter.type : detail.outcome.kind;
      const tariff = detail.outcome.kind === 'meter' ? detail.outcome.meter.tariffCount : face.type === 'no_meter' ? null : undefined;
      const t = tally.get(face.layout) ?? { exact: 0, null: 0, wrong: 0, typed: 0, tariffed: 0 };
      t[verdict]++;
      if (type === face.type) t.typed++;
      else console.log(`TYPE ${face.layout}: shows ${face.shows}, typed ${type} (${face.type}; words ${detail.text?.evidence.join(',') ?? '-'})`);
      if (tariff === tariffOf(face)) t.tariffed++;
      else console.log(`TARIFF ${face.layout}: shows ${face.shows}, tariff count ${tariff} (${tariffOf(face)})`);
      tally.set(face.layout, t);
      if (verdict === 'wrong' || (verbose && verdict === 'null')) {
        const c = detail.counter;
        const why = detail.doubted && got === null ? 'unlit segments' : detail.outcome.kind === 'meter' && detail.text ? readingVerdict(detail.outcome.meter.type, detail.text, c ?? null, detail.wheels ?? null).why : detail.outcome.kind;
        console.log(`${verdict.toUpperCase()} ${face.layout}: shows ${face.shows}, read ${got} (counter ${c?.digits} d=${c?.decimals}/${c?.decimalSource}; first pass: ${why})${save ? ` ${k}` : ''}`);
      }
      if (save) writeFileSync(join(save, `${k}-${face.layout.replace(/[^a-z0-9]+/g, '-')}.img`), image);
    }
  }
  console.log(`bench:synthetic seed ${seed}, ${count} faces per layout, degrade ${degrade}, font ${font}, words ${words}`);
  const faceCount = (t: Record<Verdict, number>) => t.exact + t.null + t.wrong;
  for (const [layout, t] of tally) console.log(`${layout.padEnd(24)} exact ${t.exact}  null ${t.null}  wrong ${t.wrong}  type ${t.typed}/${faceCount(t)}  tariff ${t.tariffed}/${faceCount(t)}`);
  const sum = (f: (t: Record<Verdict, number> & { typed: number; tariffed: number }) => number) => [...tally.values()].reduce((a, t) => a + f(t), 0);
  console.log(`wrong readings: ${sum((t) => t.wrong)}  wrong types: ${sum((t) => faceCount(t) - t.typed)}  wrong tariff counts: ${sum((t) => faceCount(t) - t.tariffed)}`);
}

await main();
process.exit(0);
