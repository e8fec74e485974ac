// Accuracy benchmark over a labelled photo folder (default ../shared/datasets/meters-dev).
// Usage: npm run bench:accuracy -- [dir] [--json out.json] [--dump-ocr dir] [--threads n] [--only substr] [--rotate 90|180|270]
//        [--tilt degrees] [--degrade [phone|dark|blur|small|jpeg|tilt|perspective|perspective-right|far|warm|cool|glare|noisy|shadow|shake|bright]]
// --rotate turns every photo's pixels (EXIF orientation applied first, none left) before recognition;
// --tilt turns it by any angle, clockwise, on grey (a photo held askew; -12, 20, -25, 35 in the README).
// --degrade gives every photo a worse camera (a robustness check: readings may go null, they should
// not go wrong): phone (the default) tilts it 8 degrees, shrinks it to 60% and saves it at JPEG
// quality 35; dark crushes it like a night shot (gamma 2.2, 55% brightness); blur blurs it (sigma
// 2.2); small shrinks it to 40%; jpeg only re-saves it at quality 50 (a messenger app); tilt only turns
// it 8 degrees (a hand-held shot); perspective shows it as from below and to the left (top and right
// edges a fifth shorter, a projective warp), perspective-right as from below and to the right; far
// shows the meter from further away: the photo at FAR of its size amid a blurred, text-free copy of
// itself (a photo of 1500 px or less keeps its size, the surroundings added round it); warm gives it
// the orange cast of tungsten light under a daylight white balance, cool the blue-green cast of shade or
// fluorescent light under a tungsten one; glare adds a lamp's highlight
// (radius a quarter of the short side, centred right of and above the middle); noisy makes it a
// high-ISO night shot (60% brightness, grain of 14 grey levels); shadow casts a shadow across it (its
// bottom left half, below the diagonal, at 35% brightness, with a soft edge); shake streaks it sideways (a box blur a
// 120th of the short side long, a hand moving in a slow shutter); bright overexposes it like a flash
// (contrast x1.6 plus 12 levels, the white dial clipped).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRecognizer } from '../src/recognition/pipeline.js';
import { readingVerdict } from '../src/recognition/decision.js';
import { DEFAULT_OCR } from '../src/recognition/ocr/engine.js';
import { takeFlag } from './lib/args.js';
import { loadLabels } from './lib/labels.js';
import { DEGRADATIONS, degraded, tiltedBy, type Degradation } from './lib/degrade.js';

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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => takeFlag(args, name);
  const jsonOut = opt('--json');
  const dumpDir = opt('--dump-ocr');
  const threads = Number(opt('--threads') ?? 2);
  const only = opt('--only');
  const rotate = Number(opt('--rotate') ?? 0);
  if (![0, 90, 180, 270].includes(rotate)) throw new Error('--rotate takes 0, 90, 180 or 270');
  const tilt = Number(opt('--tilt') ?? 0);
  if (!Number.isFinite(tilt) || Math.abs(tilt) > 45) throw new Error('--tilt takes degrees from -45 to 45');
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
    const turned = rotate ? await rotatedWithoutExif(file, rotate) : tilt ? await tiltedBy(file, tilt) : file;
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
        detail.orientation ? `[orient v=${detail.orientation.verticalShare.toFixed(2)} s=${detail.orientation.medianScore.toFixed(2)}${detail.turned ? ` turned ${detail.turned}` : ''}${detail.levelled ? ` levelled ${detail.levelled}` : ''}]` : '',
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
  console.log(`ms/photo p50 ${summary.msP50}  p95 ${summary.msP95}  peak RSS ${summary.peakRssMiB} MiB  (threads ${threads}, det ${detSide}px, <= ${maxLines} lines${rotate ? `, rotated ${rotate}` : ''}${tilt ? `, tilted ${tilt}` : ''}${degrade ? `, degraded: ${degrade}` : ''})`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ summary, perPhoto }, null, 1));
}

await main();
