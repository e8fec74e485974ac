// Photos without a meter, read by the real pipeline: every one should be answered `no_meter`
// (NO_VALID_PHOTO). A search for false meters in any folder of images that needs no labels, such as
// Debian's opencv-doc examples (scene text, documents, circuit boards, number plates):
//   apt-get download opencv-doc && dpkg-deb -x opencv-doc_*.deb /tmp/ocv
//   npm run bench:negatives -- /tmp/ocv/usr/share/doc/opencv-doc/examples
// Each photo taken for a meter is printed with what was read on it. Usage:
// npm run bench:negatives -- DIR [--min-kb 8] (images under DIR, recursively; smaller files are icons and skipped)
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRecognizer } from '../src/recognition/pipeline.js';
import { takeFlag } from './lib/args.js';

/** The service takes JPEG and PNG. */
const IMAGE = /\.(jpe?g|png)$/i;

function imagesUnder(dir: string, minBytes: number): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...imagesUnder(path, minBytes));
    else if (IMAGE.test(name) && st.size >= minBytes) out.push(path);
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const minKb = Number(takeFlag(args, '--min-kb') ?? 8);
  const dir = args[0] && !args[0].startsWith('--') ? resolve(args[0]) : undefined;
  if (!dir || !existsSync(dir)) {
    console.log(`bench:negatives: no folder of photos${dir ? ` at ${dir}` : ' given'} - skipped`);
    return;
  }
  const files = imagesUnder(dir, minKb * 1024);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const recognizer = await createRecognizer({ modelsDir: join(repoRoot, 'models'), threads: 2, maxPixels: 100_000_000 });
  let meters = 0;
  let refused = 0;
  for (const file of files) {
    let detail;
    try {
      detail = await recognizer.inspect(readFileSync(file));
    } catch (e) {
      refused++;
      console.log(`REFUSED ${file}: ${(e as Error).message}`);
      continue;
    }
    const { outcome } = detail;
    if (outcome.kind === 'no_meter') continue;
    if (outcome.kind === 'bad_image') {
      refused++;
      console.log(`REFUSED ${file}: ${outcome.reason}`);
      continue;
    }
    meters++;
    const read = detail.lines.map((l) => l.text).join(' | ').slice(0, 160);
    console.log(`METER ${file}: ${JSON.stringify(outcome.meter)}  read: ${read}`);
  }
  console.log(`\n${files.length} photos, ${meters} taken for a meter, ${refused} refused as images, ${files.length - meters - refused} answered no meter`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
