// Accuracy benchmark over a labelled photo folder (default ../shared/datasets/meters-dev).
// Usage: npm run bench:accuracy -- [dir] [--json out.json] [--dump-ocr dir] [--threads n] [--only substr] [--rotate 90|180|270]
//        [--degrade [phone|dark|blur|small|jpeg|tilt|perspective|perspective-right|far]]
// --rotate turns every photo's pixels (EXIF orientation applied first, none left) before recognition.
// --degrade gives every photo a worse camera (a robustness check: readings may go null, they should
// not go wrong): phone (the default) tilts it 8 degrees, shrinks it to 60% and saves it at JPEG
// quality 35; dark crushes it like a night shot (gamma 2.2, 55% brightness); blur blurs it (sigma
// 2.2); small shrinks it to 40%; jpeg only re-saves it at quality 50 (a messenger app); tilt only turns
// it 8 degrees (a hand-held shot); perspective shows it as from below and to the left (top and right
// edges a fifth shorter, a projective warp), perspective-right as from below and to the right; far
// shows the meter from further away: the photo at FAR of its size amid a blurred, text-free copy of
// itself (a photo of 1500 px or less keeps its size, the surroundings added round it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRecognizer } from '../src/recognition/pipeline.js';
import { readingVerdict } from '../src/recognition/decision.js';
import { DEFAULT_OCR } from '../src/recognition/ocr/engine.js';
import { loadLabels } from './lib/labels.js';
import { slanted } from './lib/perspective.js';

/** `--degrade perspective`: the top edge and the right edge this share shorter (a shot from below left, about 25 degrees off). */
const SLANT = 0.2;

/** exact / wrong / null at the label's precision; undefined when the photo has no reading label. */
export function judgeReading(label: string, predicted: number | null | undefined): 'exact' | 'wrong' | 'null' | undefined {
  if (!label) return undefined;
  if (predicted === null || predicted === undefined) return 'null';
  const decimals = label.includes('.') ? label.split('.')[1].length : 0;
  const f = 10 ** decimals;
  const truncated = Math.floor(predicted * f + 1e-6);
  return truncated === Math.round(Number(label) * f) ? 'exact' : 'wrong';
}

const normSerial = (s: string) => s.replace(/[^0-9a-z]/gi, '').toUpperCase();

function pct(n: number, d: number): string {
  return d ? `${((100 * n) / d).toFixed(1)}% (${n}/${d})` : 'n/a';
}

function quantile(v: number[], q: number): number {
  if (!v.length) return 0;
  const s = v.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** The photo upright per its EXIF orientation, then turned clockwise by `degrees`, as a JPEG without EXIF. */
async function rotatedWithoutExif(bytes: Buffer, degrees: number): Promise<Buffer> {
  const upright = await sharp(bytes).rotate().png({ compressionLevel: 1 }).toBuffer();
  return sharp(upright).rotate(degrees).jpeg({ quality: 92 }).toBuffer();
}

const DEGRADATIONS = ['phone', 'dark', 'blur', 'small', 'jpeg', 'tilt', 'perspective', 'perspective-right', 'far'] as const;

/** `--degrade far`: the photo's share of the new photo's sides. */
const FAR = 0.45;
/** Longest side up to which `far` adds surroundings instead of shrinking the photo. */
const FAR_KEEPS = 1500;

/** The photo at FAR of the frame's sides, centred in a blurred, enlarged copy of itself. */
async function fartherAway(upright: Buffer, width: number, height: number): Promise<Buffer> {
  const keep = Math.max(width, height) <= FAR_KEEPS;
  const [fw, fh] = keep ? [Math.round(width / FAR), Math.round(height / FAR)] : [width, height];
  const [pw, ph] = keep ? [width, height] : [Math.round(width * FAR), Math.round(height * FAR)];
  const surroundings = await sharp(upright).resize(fw, fh, { fit: 'fill' }).blur(25).png({ compressionLevel: 1 }).toBuffer();
  const photo = await sharp(upright).resize(pw, ph).png({ compressionLevel: 1 }).toBuffer();
  return sharp(surroundings).composite([{ input: photo, left: Math.round((fw - pw) / 2), top: Math.round((fh - ph) / 2) }]).jpeg({ quality: 90 }).toBuffer();
}
type Degradation = (typeof DEGRADATIONS)[number];

/** The photo upright, then made worse as `kind` says (see the usage above), as a JPEG. */
async function degraded(bytes: Buffer, kind: Degradation): Promise<Buffer> {
  const upright = await sharp(bytes).rotate().png({ compressionLevel: 1 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  if (kind === 'dark') return sharp(upright).gamma(2.2, 1.0).linear(0.55, 0).jpeg({ quality: 80 }).toBuffer();
  if (kind === 'blur') return sharp(upright).blur(2.2).jpeg({ quality: 85 }).toBuffer();
  if (kind === 'small') return sharp(upright).resize(Math.round(width * 0.4)).jpeg({ quality: 90 }).toBuffer();
  if (kind === 'jpeg') return sharp(upright).jpeg({ quality: 50 }).toBuffer();
  if (kind === 'far') return fartherAway(upright, width, height);
  if (kind === 'tilt') return sharp(upright).rotate(8, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();
  if (kind === 'perspective' || kind === 'perspective-right') {
    // From below right: the mirror image seen from below left, mirrored back.
    const right = kind === 'perspective-right';
    const { data, info } = await sharp(upright).flop(right).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const seen = slanted(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, SLANT);
    return sharp(seen, { raw: { width: info.width, height: info.height, channels: 3 } }).flop(right).jpeg({ quality: 92 }).toBuffer();
  }
  const tilted = await sharp(upright).rotate(8, { background: '#808080' }).png({ compressionLevel: 1 }).toBuffer();
  return sharp(tilted)
    .resize(Math.round(width * 0.6), Math.round(height * 0.6), { fit: 'inside' })
    .jpeg({ quality: 35 })
    .toBuffer();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const jsonOut = opt('--json');
  const dumpDir = opt('--dump-ocr');
  const threads = Number(opt('--threads') ?? 2);
  const only = opt('--only');
  const rotate = Number(opt('--rotate') ?? 0);
  if (![0, 90, 180, 270].includes(rotate)) throw new Error('--rotate takes 0, 90, 180 or 270');
  let degrade: Degradation | null = null;
  const at = args.indexOf('--degrade');
  if (at >= 0) {
    const kind = args[at + 1] as Degradation | undefined;
    const named = kind !== undefined && DEGRADATIONS.includes(kind);
    degrade = named ? kind : 'phone';
    args.splice(at, named ? 2 : 1);
  }
  const detSide = Number(opt('--det-side') ?? DEFAULT_OCR.det.maxSide);
  const maxLines = Number(opt('--max-lines') ?? DEFAULT_OCR.maxLines);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = resolve(args[0] ?? join(repoRoot, '..', 'shared', 'datasets', 'meters-dev'));
  if (!existsSync(join(dir, 'labels.csv'))) {
    console.log(`bench:accuracy: no data set at ${dir} (labels.csv missing) - skipped`);
    return;
  }
  if (dumpDir) mkdirSync(dumpDir, { recursive: true });
  let labels = loadLabels(join(dir, 'labels.csv'));
  if (only) labels = labels.filter((l) => l.file.includes(only));
  const recognizer = await createRecognizer(
    { modelsDir: join(repoRoot, 'models'), threads, maxPixels: 100_000_000 },
    { ...DEFAULT_OCR, det: { ...DEFAULT_OCR.det, maxSide: detSide }, maxLines },
  );

  const tally = { exact: 0, wrong: 0, null: 0 };
  let typeOk = 0, typeN = 0, serialOk = 0, serialN = 0, tariffOk = 0, tariffN = 0;
  const times: number[] = [];
  const perPhoto: unknown[] = [];
  for (const label of labels) {
    const file = readFileSync(join(dir, 'images', label.file));
    const turned = rotate ? await rotatedWithoutExif(file, rotate) : file;
    const bytes = degrade ? await degraded(turned, degrade) : turned;
    const t0 = performance.now();
    const detail = await recognizer.inspect(bytes);
    const ms = performance.now() - t0;
    times.push(ms);
    const meter = detail.outcome.kind === 'meter' ? detail.outcome.meter : null;
    const reading = label.type === 'none' ? undefined : judgeReading(label.reading, meter?.currentReading);
    if (reading) tally[reading]++;
    const typeRight =
      label.type === 'none' ? meter === null : meter !== null && (label.type === 'water' ? meter.type.startsWith('water') : meter.type === label.type);
    typeN++;
    if (typeRight) typeOk++;
    let serialRight: boolean | undefined;
    if (label.serial && label.type !== 'none') {
      serialN++;
      serialRight = meter !== null && normSerial(meter.serialNumber) === normSerial(label.serial);
      if (serialRight) serialOk++;
    }
    let tariffRight: boolean | undefined;
    if (label.tariff) {
      tariffN++;
      tariffRight = meter?.tariffCount === Number(label.tariff);
      if (tariffRight) tariffOk++;
    }
    const c = detail.counter;
    const why = detail.doubted && meter?.currentReading === null ? 'unlit segments' : meter && detail.text ? readingVerdict(meter.type, detail.text, c ?? null, detail.wheels ?? null).why : '';
    console.log(
      [
        label.file.slice(0, 34).padEnd(34),
        `${Math.round(ms)}ms`.padStart(7),
        (reading ?? '-').padEnd(5),
        `${label.reading || '-'} -> ${meter?.currentReading ?? (meter ? 'null' : detail.outcome.kind)}`.padEnd(30),
        why === 'ok' ? '' : `(${why})`,
        `type ${typeRight ? 'ok' : 'BAD'} ${meter?.type ?? '-'}`.padEnd(26),
        serialRight === undefined ? '' : `serial ${serialRight ? 'ok' : 'BAD'} ${meter?.serialNumber ?? ''}`,
        c ? `[counter ${c.digits} d=${c.decimals}/${c.decimalSource} min=${c.minScore.toFixed(2)}${c.regular ? '' : ' irregular'}${c.windows ? ` win=${c.windows.face.toFixed(0)}/${c.windows.gap.toFixed(0)}/${c.windows.bars.toFixed(0)}` : ''}]` : '',
        detail.orientation ? `[orient v=${detail.orientation.verticalShare.toFixed(2)} s=${detail.orientation.medianScore.toFixed(2)}${detail.turned ? ` turned ${detail.turned}` : ''}]` : '',
        detail.wheels ? `[cnn ${detail.wheels.digits.join('')} ${detail.wheels.positions.map((p) => p.toFixed(1)).join(' ')} min=${Math.min(...detail.wheels.confidences).toFixed(2)} f=${detail.wheels.framing.scale}/${detail.wheels.framing.dy}/${detail.wheels.framing.dx}]` : '',
      ].join(' '),
    );
    perPhoto.push({ file: label.file, ms: Math.round(ms), label, outcome: detail.outcome, reading, typeRight, serialRight, tariffRight, stageMs: detail.ms });
    if (dumpDir) {
      writeFileSync(join(dumpDir, `${label.file}.json`), JSON.stringify({ file: label.file, image: detail.image, lines: detail.lines }, null, 1));
    }
  }
  const scored = tally.exact + tally.wrong + tally.null;
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  const summary = {
    photos: labels.length,
    reading: { exact: tally.exact, wrong: tally.wrong, null: tally.null, scored },
    type: { ok: typeOk, n: typeN },
    serial: { ok: serialOk, n: serialN },
    tariff: { ok: tariffOk, n: tariffN },
    msP50: Math.round(quantile(times, 0.5)),
    msP95: Math.round(quantile(times, 0.95)),
    peakRssMiB: Math.round(rssMiB),
    threads,
  };
  console.log('');
  console.log(`reading exact ${pct(tally.exact, scored)}  wrong ${pct(tally.wrong, scored)}  null ${pct(tally.null, scored)}`);
  console.log(`type ${pct(typeOk, typeN)}  serial ${pct(serialOk, serialN)}  tariff ${pct(tariffOk, tariffN)}`);
  console.log(`ms/photo p50 ${summary.msP50}  p95 ${summary.msP95}  peak RSS ${summary.peakRssMiB} MiB  (threads ${threads}, det ${detSide}px, <= ${maxLines} lines${rotate ? `, rotated ${rotate}` : ''}${degrade ? `, degraded: ${degrade}` : ''})`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ summary, perPhoto }, null, 1));
}

await main();
