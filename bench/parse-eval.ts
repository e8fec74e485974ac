// Runs the text parsers over OCR dumps of the dev photos and compares with the labels.
// Usage: node dist/bench/parse-eval.js [dumpDir] [--verbose]
// dumpDir holds one JSON per photo: { file, image: {width, height}, lines: OcrLine[] }.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseMeterText } from '../src/recognition/parse/index.js';
import type { OcrLine } from '../src/recognition/parse/types.js';
import { loadLabels, type Label } from './lib/labels.js';

function labelsByFile(path: string): Map<string, Label> {
  return new Map(loadLabels(path).map((l) => [l.file, l]));
}

const normSerial = (s: string) => s.replace(/[\s.]/g, '').toUpperCase();

/** Candidate matches the label at the label's precision (prediction truncated to its decimals). */
function readingMatches(candidate: string, label: string): boolean {
  const [li, lf = ''] = label.split('.');
  const [ci, cf = ''] = candidate.split('.');
  if (Number(ci) !== Number(li)) return false;
  if (cf.length < lf.length) return false;
  return cf.slice(0, lf.length) === lf;
}

/** Same digit sequence when the OCR saw no decimal mark ("00488719" for 00488.719); up to 3 unread drums may follow. */
function digitsMatch(candidate: string, label: string): boolean {
  if (candidate.includes('.')) return false;
  const c = candidate.replace(/^0+/, '');
  const l = label.replace('.', '').replace(/^0+/, '');
  return l.length > 0 ? c.startsWith(l) && c.length - l.length <= 3 : /^0*$/.test(candidate);
}

function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${n}/${d} (${((100 * n) / d).toFixed(0)}%)`;
}

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const dumpDir = resolve(args.find((a) => !a.startsWith('--')) ?? process.env.OCR_DUMP_DIR ?? '/tmp/ocr-dump');
const labelsPath = resolve(process.env.METERS_DEV_LABELS ?? '../shared/datasets/meters-dev/labels.csv');
if (!existsSync(dumpDir) || !existsSync(labelsPath)) {
  console.log(`parse-eval: skipped (dumps: ${dumpDir} ${existsSync(dumpDir) ? 'ok' : 'missing'}, labels: ${labelsPath} ${existsSync(labelsPath) ? 'ok' : 'missing'})`);
  process.exit(0);
}
const labels = labelsByFile(labelsPath);

const s = { photos: 0, typeOk: 0, typeN: 0, typeNull: 0, negOk: 0, negN: 0, posKept: 0, posN: 0, serialOk: 0, serialWrong: 0, serialEmpty: 0, serialN: 0, serialSpurious: 0, serialUnlabelled: 0, tariffOk: 0, tariffN: 0, readTop: 0, readAny: 0, readIntTop: 0, readDigitsTop: 0, readDigitsAny: 0, readN: 0 };
for (const name of readdirSync(dumpDir).filter((f) => f.endsWith('.json')).sort()) {
  const dump = JSON.parse(readFileSync(join(dumpDir, name), 'utf8')) as { file: string; image: { width: number; height: number }; lines: OcrLine[] };
  const label = labels.get(dump.file);
  if (!label) continue;
  s.photos++;
  const p = parseMeterText(dump.lines, dump.image);
  const problems: string[] = [];
  if (label.type === 'none') {
    s.negN++;
    if (p.meterLikelihood < 0.5) s.negOk++;
    else problems.push(`neg likelihood ${p.meterLikelihood.toFixed(2)} type=${p.meterType}`);
  } else {
    s.posN++;
    if (p.meterLikelihood >= 0.5) s.posKept++;
    else problems.push(`pos likelihood ${p.meterLikelihood.toFixed(2)}`);
    s.typeN++;
    const ok = label.type === 'water' ? (p.meterType ?? '').startsWith('water') : p.meterType === label.type;
    if (ok) s.typeOk++;
    else {
      if (p.meterType === null) s.typeNull++;
      problems.push(`type ${p.meterType} != ${label.type}`);
    }
    if (label.serial) {
      s.serialN++;
      if (normSerial(p.serialNumber) === normSerial(label.serial)) s.serialOk++;
      else if (p.serialNumber) {
        s.serialWrong++;
        problems.push(`serial '${p.serialNumber}' != '${label.serial}'`);
      } else {
        s.serialEmpty++;
        problems.push(`serial empty != '${label.serial}'`);
      }
    } else {
      s.serialUnlabelled++;
      if (p.serialNumber) {
        s.serialSpurious++;
        problems.push(`serial '${p.serialNumber}' on unlabelled`);
      }
    }
    if (label.tariff && label.type === 'electricity') {
      s.tariffN++;
      if (p.tariffCount === Number(label.tariff)) s.tariffOk++;
      else problems.push(`tariff ${p.tariffCount} != ${label.tariff}`);
    }
    if (label.reading) {
      s.readN++;
      const top = p.readings[0];
      if (top && readingMatches(top.text, label.reading)) s.readTop++;
      if (top && Number(top.text.split('.')[0]) === Number(label.reading.split('.')[0])) s.readIntTop++;
      if (top && (readingMatches(top.text, label.reading) || digitsMatch(top.text, label.reading))) s.readDigitsTop++;
      if (p.readings.some((r) => readingMatches(r.text, label.reading) || digitsMatch(r.text, label.reading))) s.readDigitsAny++;
      if (p.readings.some((r) => readingMatches(r.text, label.reading))) s.readAny++;
      if (!p.readings.some((r) => readingMatches(r.text, label.reading) || digitsMatch(r.text, label.reading))) problems.push(`reading ${label.reading} not in [${p.readings.slice(0, 4).map((r) => `${r.text}:${r.score.toFixed(2)}`).join(' ')}]`);
    }
  }
  if (verbose && problems.length) console.log(`${dump.file}: ${problems.join('; ')}`);
}

console.log(`parse-eval over ${s.photos} OCR dumps (${dumpDir})`);
console.log(`  type correct (meters):        ${pct(s.typeOk, s.typeN)}  (no type: ${s.typeNull})`);
console.log(`  negatives rejected (<0.5):    ${pct(s.negOk, s.negN)}`);
console.log(`  meters kept (>=0.5):          ${pct(s.posKept, s.posN)}`);
console.log(`  serial exact (labelled):      ${pct(s.serialOk, s.serialN)}  wrong ${s.serialWrong}, empty ${s.serialEmpty}`);
console.log(`  serial emitted on unlabelled: ${pct(s.serialSpurious, s.serialUnlabelled)}`);
console.log(`  tariff correct (electricity): ${pct(s.tariffOk, s.tariffN)}`);
console.log(`  reading digits top-1 (value, or same digits when OCR saw no decimal mark): ${pct(s.readDigitsTop, s.readN)}; among candidates: ${pct(s.readDigitsAny, s.readN)}`);
console.log(`  reading top-1 (label precision): ${pct(s.readTop, s.readN)}; integer part top-1: ${pct(s.readIntTop, s.readN)}; among candidates: ${pct(s.readAny, s.readN)}`);
