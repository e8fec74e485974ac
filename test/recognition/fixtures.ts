// Synthetic test images rendered with sharp from SVG (DejaVu fonts), so tests need no data set.
import { renderSvg } from '../../src/recognition/preprocess.js';
import type { RecognizedCrop } from '../../src/recognition/ocr/recognizer.js';
import type { OcrLineDetail } from '../../src/recognition/ocr/engine.js';
import { rectCorners, type RotatedRect } from '../../src/recognition/ocr/geometry.js';

/**
 * One drum's numeral(s) in its window: at a whole position the digit, centred; part way (3.4 is
 * 40% of the way from 3 to 4) the digit moved up by that share of the numeral spacing and the next
 * one coming in from below, clipped to the window as a drum shows them (`base`: the whole digit's
 * baseline, `size`: the font size).
 */
function drumNumerals(id: string, x: number, y: number, w: number, h: number, base: number, position: number, font: string, size: number): string {
  const d = Math.floor(position) % 10;
  const roll = position - Math.floor(position);
  const cx = x + w / 2;
  if (roll === 0) return `<text x="${cx}" y="${base}" ${font}>${d}</text>`;
  // Numerals sit about 0.4 of their height apart round a drum.
  const spacing = size;
  const up = base - roll * spacing;
  return `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${id})">` +
    `<text x="${cx}" y="${up}" ${font}>${d}</text><text x="${cx}" y="${up + spacing}" ${font}>${(d + 1) % 10}</text></g>`;
}

/** Drum positions: the digits of a reading string, or the positions themselves. */
function positionsOf(reading: string | number[]): number[] {
  return typeof reading === 'string' ? [...reading].map(Number) : reading;
}

/**
 * A water-meter face: 5 black + 3 red drums showing `reading` (8 digits, or 8 drum positions where
 * a wheel may be part way to its next digit), a serial and units.
 */
export function waterMeterSvg(reading: string | number[], serial: string): string {
  const font = 'font-family="DejaVu Sans" font-weight="bold" font-size="72" fill="#fff" text-anchor="middle"';
  const cells = positionsOf(reading)
    .map((p, i) => {
      const x = 130 + i * 70;
      const bg = i < 5 ? '#1a1a1a' : '#c8102e';
      return `<rect x="${x}" y="230" width="62" height="96" fill="${bg}"/>` + drumNumerals(`w${i}`, x, 230, 62, 96, 303, p, font, 72);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="620">
<rect width="900" height="620" fill="#e8e8e4"/>
<circle cx="450" cy="310" r="300" fill="#fafafa" stroke="#555" stroke-width="8"/>
<text x="450" y="170" font-family="DejaVu Sans" font-size="40" fill="#222" text-anchor="middle">No ${serial}</text>
<rect x="118" y="220" width="574" height="116" fill="#777"/>${cells}
<text x="730" y="300" font-family="DejaVu Sans" font-size="44" fill="#222">m³</text>
<text x="450" y="420" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">Qn 1,5 m³/h  PN 16 bar</text>
<text x="450" y="480" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">WATER METER  30°C</text>
</svg>`;
}

/**
 * A hot-water meter's face (as many Russian ones look): a red ring, and light drums in separate
 * windows of a red band, showing `reading` (8 digits) in black numerals for whole cubic metres and red
 * ones for the 3 decimals, a printed comma under the boundary; ratings and a nameplate number.
 */
export function hotWaterMeterSvg(reading: string, serial: string, band = '#c4161c'): string {
  const font = (fill: string) => `font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="${fill}" text-anchor="middle"`;
  const cells = [...reading]
    .map((d, i) => {
      const x = 150 + i * 74;
      return `<rect x="${x}" y="236" width="58" height="84" fill="#f2f2ee"/><text x="${x + 29}" y="300" ${font(i < 5 ? '#151515' : band)}>${d}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700">
<rect width="900" height="700" fill="#3a3a3a"/>
<circle cx="450" cy="350" r="330" fill="${band}"/>
<circle cx="450" cy="350" r="300" fill="#f4f4f2"/>
<text x="450" y="170" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="${band}" text-anchor="middle">SVU-15</text>
<rect x="128" y="220" width="${reading.length * 74 + 30}" height="116" rx="8" fill="${band}"/>${cells}
<text x="508" y="352" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#151515">,</text>
<text x="450" y="420" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">Qn=1,5 m³/h  PN=1.0 MPa</text>
<text x="450" y="470" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">90°C   A-V B-H</text>
<text x="450" y="560" font-family="DejaVu Sans" font-size="36" fill="#222" text-anchor="middle">${serial}</text>
</svg>`;
}

export async function waterMeterPng(reading: string, serial: string): Promise<Buffer> {
  return renderSvg(waterMeterSvg(reading, serial));
}

/**
 * An electricity register: 6 black + 1 red drum showing `reading` (7 digits, the last a tenth of a
 * kWh, or 7 drum positions).
 */
export function electricityDrumSvg(reading: string | number[], serial: string): string {
  const font = 'font-family="DejaVu Sans" font-size="64" fill="#f2f2f2" text-anchor="middle"';
  const positions = positionsOf(reading);
  const n = positions.length;
  const cells = positions
    .map((p, i) => {
      const x = 170 + i * 66;
      const bg = i < n - 1 ? '#151515' : '#b80f1f';
      return `<rect x="${x}" y="210" width="58" height="86" fill="${bg}"/>` + drumNumerals(`e${i}`, x, 210, 58, 86, 277, p, font, 64);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640">
<rect width="900" height="640" fill="#9ea3a6"/>
<rect x="90" y="90" width="720" height="470" rx="14" fill="#ecebe6" stroke="#444" stroke-width="5"/>
<rect x="160" y="200" width="${n * 66 + 2}" height="106" fill="#555"/>${cells}
<text x="${170 + n * 66 + 22}" y="270" font-family="DejaVu Sans" font-size="40" fill="#222">kWh</text>
<text x="160" y="370" font-family="DejaVu Sans" font-size="30" fill="#222">230V 10(60)A 50Hz  1000 imp/kWh</text>
<text x="160" y="430" font-family="DejaVu Sans" font-size="32" fill="#222">No ${serial}</text>
<text x="160" y="490" font-family="DejaVu Sans" font-size="26" fill="#222">SINGLE PHASE ENERGY METER  CLASS 2</text>
</svg>`;
}

/**
 * A diaphragm gas meter's nameplate (as Elster BK-G4 ones look): 5 whole and 3 decimal drums in a
 * black band, a red frame round the decimals, a comma before them and `m³` after; ratings and the
 * serial printed twice. `light`: white drum faces with black numerals (the newer look), else white
 * numerals on black drums and on red ones for the decimals. `positions`: 8 drum positions.
 */
export function gasMeterSvg(positions: number[], serial: string, light: boolean): string {
  const [pitch, x0, y0, w, h] = [56, 150, 300, 44, 64];
  const font = (fill: string) => `font-family="DejaVu Sans" font-size="50" fill="${fill}" text-anchor="middle"`;
  const cells = positions
    .map((p, i) => {
      const x = x0 + i * pitch;
      const face = light ? '#f4f4f0' : i < 5 ? '#141414' : '#c0141c';
      return `<rect x="${x}" y="${y0}" width="${w}" height="${h}" fill="${face}"/>` + drumNumerals(`g${i}`, x, y0, w, h, y0 + 50, p, font(light ? '#111' : '#f2f2f2'), 50);
    })
    .join('');
  const fx = x0 + 5 * pitch - 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640">
<rect width="900" height="640" fill="#6b6f72"/>
<rect x="70" y="70" width="760" height="440" rx="10" fill="#ecece8" stroke="#333" stroke-width="4"/>
<text x="330" y="140" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#111">BK-G4</text>
<text x="110" y="200" font-family="DejaVu Sans" font-size="22" fill="#222">Qmax 6 m³/h  Qmin 0,04 m³/h</text>
<text x="110" y="235" font-family="DejaVu Sans" font-size="22" fill="#222">V 1,2 dm³  Pmax 0,5 bar</text>
<text x="560" y="200" font-family="DejaVu Sans" font-size="24" fill="#222">${serial}</text>
<rect x="${x0 - 24}" y="${y0 - 10}" width="${8 * pitch + 40}" height="${h + 20}" fill="#101010"/>${cells}
<rect x="${fx}" y="${y0 - 6}" width="${3 * pitch + 4}" height="${h + 12}" fill="none" stroke="#d0141c" stroke-width="5"/>
<text x="${fx - 6}" y="${y0 + h + 4}" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="#f2f2f2">,</text>
<text x="${x0 + 8 * pitch + 30}" y="${y0 + 50}" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#111">m³</text>
<text x="110" y="440" font-family="DejaVu Sans" font-size="22" fill="#222">1 imp = 0,01 m³   S/N: ${serial}</text>
</svg>`;
}

/**
 * A watthour meter's register as many Asian ones look: whole-kWh drums with light numerals in a
 * black strip, then a tenth drum with a light face and dark numerals in a narrow red frame that hugs
 * its window, and the drums' values printed below (the tenth's in red). `positions`: the drums'
 * positions, the last one the tenth.
 */
export function framedTenthSvg(positions: number[], serial: string): string {
  const pitch = 72;
  const x0 = 190;
  const n = positions.length;
  const white = 'font-family="DejaVu Sans" font-weight="bold" font-size="62" fill="#f4f4f4" text-anchor="middle"';
  const dark = 'font-family="DejaVu Sans" font-size="62" fill="#1a1a1a" text-anchor="middle"';
  const cells = positions
    .map((p, i) => {
      const x = x0 + i * pitch;
      const face = i < n - 1 ? '#161616' : '#f2f2ee';
      return `<rect x="${x}" y="216" width="60" height="84" fill="${face}"/>` + drumNumerals(`f${i}`, x, 216, 60, 84, 281, p, i < n - 1 ? white : dark, 62);
    })
    .join('');
  const tx = x0 + (n - 1) * pitch;
  const values = positions.map((_, i) => (i < n - 1 ? String(10 ** (n - 2 - i)) : '0.1'));
  const marks = values
    .map((v, i) => `<text x="${x0 + i * pitch + 30}" y="345" font-family="DejaVu Sans" font-size="24" fill="${i < n - 1 ? '#222' : '#c8141e'}" text-anchor="middle">${v}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640">
<rect width="900" height="640" fill="#5a5e60"/>
<rect x="110" y="120" width="680" height="460" rx="10" fill="#c9cac6" stroke="#333" stroke-width="4"/>
<rect x="${x0 - 14}" y="206" width="${(n - 1) * pitch + 8}" height="104" fill="#0e0e0e"/>
<rect x="${tx - 12}" y="204" width="84" height="108" fill="#d01820"/>${cells}${marks}
<text x="${tx + 90}" y="275" font-family="DejaVu Sans" font-size="40" fill="#222">kWh</text>
<text x="180" y="420" font-family="DejaVu Sans" font-size="38" fill="#222">WATTHOUR METER</text>
<text x="180" y="470" font-family="DejaVu Sans" font-size="28" fill="#222">110/220V 10(30)A 60Hz  480Rev/kWh</text>
<text x="180" y="530" font-family="DejaVu Sans" font-size="32" fill="#222">No. ${serial}</text>
</svg>`;
}

function mix(from: number[], to: number[], share: number): string {
  return '#' + from.map((v, i) => Math.round(v + (to[i] - v) * share).toString(16).padStart(2, '0')).join('');
}

/** Lit segments of each digit on a seven-segment display (a top, b/c right, d bottom, e/f left, g middle). */
const SEGMENTS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];

/**
 * One seven-segment digit (or a blank, `' '`) at x, y, w x h: bevelled segments t thick between the
 * corners of the digit, a little apart; the unlit ones faintly shown.
 */
function sevenSegment(ch: string, x: number, y: number, w: number, h: number, t: number, on: string, off: string): string {
  const lit = ch === ' ' ? '' : SEGMENTS[Number(ch)];
  const [l, r, top, mid, bottom] = [x + t / 2, x + w - t / 2, y + t / 2, y + h / 2, y + h - t / 2];
  const ends: Record<string, [number, number, number, number]> = {
    a: [l, top, r, top],
    b: [r, top, r, mid],
    c: [r, mid, r, bottom],
    d: [l, bottom, r, bottom],
    e: [l, mid, l, bottom],
    f: [l, top, l, mid],
    g: [l, mid, r, mid],
  };
  const [s, gap] = [t / 2, Math.max(1, t / 6)];
  return Object.entries(ends)
    .map(([seg, [x0, y0, x1, y1]]) => {
      const len = Math.hypot(x1 - x0, y1 - y0);
      const [dx, dy] = [(x1 - x0) / len, (y1 - y0) / len];
      const at = (a: number, b: number) => `${(x0 + dx * a - dy * b).toFixed(1)},${(y0 + dy * a + dx * b).toFixed(1)}`;
      const pts = [at(gap, 0), at(gap + s, s), at(len - gap - s, s), at(len - gap, 0), at(len - gap - s, -s), at(gap + s, -s)];
      return `<polygon points="${pts.join(' ')}" fill="${lit.includes(seg) ? on : off}"/>`;
    })
    .join('');
}

/** The digits (and blanks) of a display's text, and the indices of those a lit point follows. */
function pointedGlyphs(text: string): { glyphs: string[]; points: Set<number> } {
  const glyphs: string[] = [];
  const points = new Set<number>();
  for (const ch of text) ch === '.' ? points.add(glyphs.length - 1) : glyphs.push(ch);
  return { glyphs, points };
}

/**
 * An electronic meter's LCD: `display` in seven-segment digits (spaces are blank digits, a `.` lights
 * the point after the digit before it), slanted like most such displays, `kWh` beside it; `tariff`
 * (`T1`, `T2`) and `code` (an OBIS register code such as `1.8.1`, in small digits) on the display as
 * multi-tariff meters show them; the serial and ratings on the nameplate. `ghost`: how dark unlit
 * segments show, 0 (not at all) to 1 (as dark as lit ones).
 */
export interface LcdWords {
  brand: string;
  unit: string;
  ratings: string;
  title: string;
}

export const ELECTRICITY_LCD: LcdWords = { brand: 'ENERGOMERA', unit: 'kWh', ratings: '230V 5(60)A 50Hz  1000 imp/kWh', title: 'STATIC ENERGY METER  CLASS 1' };
/** The words of an ultrasonic gas, water and heat meter's LCD faces. */
export const GAS_LCD: LcdWords = { brand: 'GAS METER G4', unit: 'm³', ratings: 'Qmax 6 m³/h  Qmin 0,04 m³/h', title: 'ULTRASONIC GAS METER  Pmax 0,5 bar' };
export const WATER_LCD: LcdWords = { brand: 'AXIOMA', unit: 'm³', ratings: 'Q3 2,5 m³/h  PN 16', title: 'ULTRASONIC WATER METER  30°C' };
export const HEAT_LCD: LcdWords = { brand: 'MULTICAL', unit: 'kWh', ratings: 'qp 1,5 m³/h  PN 16  EN 1434', title: 'ULTRASONIC HEAT METER  5...90°C' };

export function lcdMeterSvg(display: string, serial: string, opts: { tariff?: string; code?: string; ghost?: number; words?: LcdWords } = {}): string {
  const words = opts.words ?? ELECTRICITY_LCD;
  const on = '#1c2118';
  // Unlit segments show faintly on most LCDs: `ghost` of the way from the glass's colour to a lit one's.
  const off = mix([0xbc, 0xc6, 0xac], [0x1c, 0x21, 0x18], opts.ghost ?? 0.06);
  const { glyphs, points } = pointedGlyphs(display);
  const [w, h, t, pitch, x0, y0] = [46, 84, 9, 62, 170, 236];
  const digits = glyphs
    .map((ch, i) => sevenSegment(ch, x0 + i * pitch, y0, w, h, t, on, off) + `<rect x="${x0 + i * pitch + w + 3}" y="${y0 + h - t}" width="${t}" height="${t}" fill="${points.has(i) ? on : off}"/>`)
    .join('');
  const small = pointedGlyphs(opts.code ?? '');
  const code =
    small.glyphs.map((ch, i) => sevenSegment(ch, 172 + i * 26, 196, 18, 30, 4, on, off)).join('') +
    [...small.points].map((j) => `<rect x="${172 + j * 26 + 20}" y="222" width="4" height="4" fill="${on}"/>`).join('');
  const end = x0 + glyphs.length * pitch;
  // A tariff in words (`ТАРИФ 2`) ends inside the display's right edge, above the unit.
  const tariffWords = (opts.tariff ?? '').length > 3;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.max(900, end + 280)}" height="640">
<rect width="100%" height="640" fill="#8d9296"/>
<rect x="70" y="60" width="${Math.max(760, end + 140)}" height="520" rx="18" fill="#e9e9e6" stroke="#3a3a3a" stroke-width="5"/>
<text x="150" y="140" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1f3c88">${words.brand}</text>
<rect x="140" y="180" width="${end + 30}" height="170" rx="8" fill="#bcc6ac" stroke="#222" stroke-width="6"/>
<g transform="skewX(-6) translate(36 0)">${digits}${code}</g>
${opts.tariff ? `<text x="${tariffWords ? end + 155 : end + 40}" y="214"${tariffWords ? ' text-anchor="end"' : ''} font-family="DejaVu Sans" font-weight="bold" font-size="${tariffWords ? 22 : 26}" fill="${on}">${opts.tariff}</text>` : ''}
<text x="${end + 30}" y="318" font-family="DejaVu Sans" font-size="36" fill="${on}">${words.unit}</text>
<text x="150" y="420" font-family="DejaVu Sans" font-size="30" fill="#222">No ${serial}</text>
<text x="150" y="470" font-family="DejaVu Sans" font-size="28" fill="#222">${words.ratings}</text>
<text x="150" y="520" font-family="DejaVu Sans" font-size="26" fill="#222">${words.title}</text>
</svg>`;
}

/**
 * A face's printing as a Russian maker prints it (`bench:synthetic --words ru`): the kind of meter named in
 * Cyrillic, which the recogniser reads as Latin look-alikes (`СЧЁТЧИК ГАЗА` as `CHET4NK TA3A`), the
 * ratings' units too, and no temperature rating to tell hot from cold but the words.
 */
const RUSSIAN: [string, string][] = [
  ['ULTRASONIC WATER METER  30°C', 'СЧЁТЧИК ХОЛОДНОЙ ВОДЫ'],
  ['WATER METER  30°C', 'СЧЁТЧИК ХОЛОДНОЙ ВОДЫ'],
  ['90°C   A-V B-H', 'ГОРЯЧАЯ ВОДА   A-V B-H'],
  ['>BK-G4<', '>СЧЁТЧИК ГАЗА<'],
  ['>GAS METER G4<', '>ГРАНД<'],
  ['ULTRASONIC GAS METER  Pmax 0,5 bar', 'СЧЁТЧИК ГАЗА  Pmax 0,5 бар'],
  ['ULTRASONIC HEAT METER  5...90°C', 'ТЕПЛОСЧЁТЧИК УЛЬТРАЗВУКОВОЙ'],
  ['SINGLE PHASE ENERGY METER  CLASS 2', 'СЧЁТЧИК ЭЛЕКТРИЧЕСКОЙ ЭНЕРГИИ'],
  ['STATIC ENERGY METER  CLASS 1', 'СЧЁТЧИК ЭЛЕКТРИЧЕСКОЙ ЭНЕРГИИ'],
  ['>WATTHOUR METER<', '>СЧЁТЧИК ЭЛЕКТРОЭНЕРГИИ<'],
  ['>ENERGOMERA<', '>ЭНЕРГОМЕРА<'],
  ['SINGLE PHASE 2-WIRE  220V 50Hz', 'ОДНОФАЗНЫЙ  220В 50Гц'],
  ['230V 10(60)A 50Hz  1000 imp/kWh', '230В 10(60)А 50Гц  1000 имп/кВт·ч'],
  ['230V 5(60)A 50Hz  1000 imp/kWh', '230В 5(60)А 50Гц  1000 имп/кВт·ч'],
  ['110/220V 10(30)A 60Hz  480Rev/kWh', '220В 10(30)А 50Гц  480 об/кВт·ч'],
  // Other devices with a meter's look.
  ['DIGITAL KITCHEN SCALE', 'ВЕСЫ КУХОННЫЕ'],
  ['DIGITAL THERMOMETER', 'ТЕРМОМЕТР ЦИФРОВОЙ'],
  ['DIGITAL MULTIMETER', 'МУЛЬТИМЕТР'],
  ['BLOOD PRESSURE MONITOR', 'ТОНОМЕТР'],
  ['BLOOD GLUCOSE METER', 'ГЛЮКОМЕТР'],
  ['ELECTRONIC CALCULATOR', 'КАЛЬКУЛЯТОР'],
  ['TEMPERATURE HUMIDITY MONITOR', 'ГИГРОМЕТР'],
  ['>ODOMETER<', '>ОДОМЕТР<'],
  ['>HOUR METER<', '>СЧЁТЧИК МОТОЧАСОВ<'],
  ['>kWh<', '>кВт·ч<'],
  ['m³/h', 'м³/ч'],
  ['>m³<', '>м³<'],
  ['>No ', '>№ '],
  ['>No. ', '>Зав. № '],
];
/** A fixture face's SVG with its printing in Russian (see RUSSIAN). */
export const inRussian = (svg: string): string => RUSSIAN.reduce((s, [en, ru]) => s.replaceAll(en, ru), svg);

/** A plain picture with no text at all. */
export async function blankPng(): Promise<Buffer> {
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<defs><linearGradient id="g"><stop offset="0" stop-color="#4a7"/><stop offset="1" stop-color="#cde"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/><circle cx="320" cy="240" r="120" fill="#a64"/></svg>`);
}

/** Wheel readings with the CNN firmly (0.95) on each position. */
export function wheelsAt(positions: number[]) {
  return {
    positions,
    digits: positions.map(Math.round),
    confidences: positions.map(() => 0.95),
    probabilities: positions.map((v) => {
      const p = new Float32Array(100).fill(0.05 / 99);
      p[Math.round(v * 10) % 100] = 0.95;
      return p;
    }),
    framing: { scale: 1, dy: 0, dx: 0 },
  };
}

/**
 * An electricity meter face: whole-kWh drums (dark numerals on light drums) each in its own window of
 * a dark plate, reading `whole`; with `tenth`, one more, smaller drum in a window of its own past the
 * plate (the tenths drum many such registers set apart), its numeral dark on a light drum as the
 * row's, or with `tenthInk` light, light on a dark drum.
 */
export function windowedMeterSvg(whole: string, tenth: string | null, tenthInk: 'dark' | 'light' = 'dark'): string {
  const pitch = 74;
  const x0 = 150;
  const drums = [...whole]
    .map((d, i) => {
      const x = x0 + i * pitch;
      return `<rect x="${x}" y="236" width="58" height="88" fill="#f4f4f0"/>` +
        `<text x="${x + 29}" y="305" font-family="DejaVu Sans" font-weight="bold" font-size="66" fill="#111" text-anchor="middle">${d}</text>`;
    })
    .join('');
  const plateEnd = x0 + whole.length * pitch - 4;
  const cx = x0 + (whole.length - 1) * pitch + 29 + pitch;
  const small = tenth === null ? '' :
    `<rect x="${cx - 27}" y="244" width="54" height="74" fill="#222"/><rect x="${cx - 21}" y="250" width="42" height="62" fill="${tenthInk === 'dark' ? '#f4f4f0' : '#2a2a2a'}"/>` +
    `<text x="${cx}" y="301" font-family="DejaVu Sans" font-weight="bold" font-size="50" fill="${tenthInk === 'dark' ? '#111' : '#eeeeea'}" text-anchor="middle">${tenth}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="620">
<rect width="900" height="620" fill="#b9bcbf"/>
<rect x="80" y="120" width="740" height="440" fill="#d6d8da" stroke="#555" stroke-width="6"/>
<text x="${plateEnd - 60}" y="215" font-family="DejaVu Sans" font-size="30" fill="#222">kWh</text>
<rect x="${x0 - 16}" y="226" width="${plateEnd - x0 + 28}" height="108" fill="#1c1c1c"/>${drums}${small}
<text x="140" y="390" font-family="DejaVu Sans" font-size="40" fill="#222">WATTHOUR METER</text>
<text x="140" y="440" font-family="DejaVu Sans" font-size="28" fill="#222">SINGLE PHASE 2-WIRE  220V 50Hz</text>
<text x="140" y="500" font-family="DejaVu Sans" font-size="32" fill="#222">No. 11003147</text>
</svg>`;
}

/** A row of cells 30 px apart, 40 px high, on y = 40, the first centred at `x0`, showing `digits`. */
export function evenRow(digits: string, x0: number) {
  const cells = [...digits].map((d, i) => ({ digit: Number(d), score: 0.95, x: x0 + 30 * i, y: 40, u: x0 + 30 * i, line: 0, followedBySeparator: false }));
  return { digits, pitch: 30, height: 40, axis: [1, 0] as [number, number], cells };
}

/** A recognition of `strip` whose characters peak at the given image x positions (one CTC step per pixel). */
export function recognizedAt(strip: { cx: number; width: number }, text: string, xs: number[], scores = xs.map(() => 0.9)): RecognizedCrop {
  const left = strip.cx - strip.width / 2;
  return { text, score: 0.9, charScores: scores, charSteps: xs.map((x) => x - left - 0.5), steps: strip.width, cropWidth: strip.width, inputWidth: strip.width };
}

/** An OCR line in the rectangle given, its characters one CTC step apart, all read at 0.99. */
export function lineAt(text: string, cx: number, cy: number, width: number, height: number, angle = 0): OcrLineDetail {
  const rect: RotatedRect = { cx, cy, width, height, angle };
  const n = [...text].length;
  const rec: RecognizedCrop = { text, score: 0.99, charScores: [...text].map(() => 0.99), charSteps: [...text].map((_, i) => i), steps: n, cropWidth: n, inputWidth: n };
  return { text, score: 0.99, box: rectCorners(rect), charScores: rec.charScores, rect, rec };
}
