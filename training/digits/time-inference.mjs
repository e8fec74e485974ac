// Times the TypeScript classifier on batches of 8 fixture cells (run `npm run build` first):
//   node training/digits/time-inference.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDigitClassifier } from '../../dist/src/recognition/digit-classifier.js';

const dir = new URL('../../test/fixtures/digits/', import.meta.url).pathname;
const cells = readdirSync(dir).filter((f) => f.endsWith('.ppm')).sort().slice(0, 8).map((f) => {
  const bytes = readFileSync(join(dir, f));
  return { data: new Uint8Array(bytes.subarray(bytes.length - 20 * 32 * 3)), width: 20, height: 32, channels: 3 };
});
const classifier = await loadDigitClassifier({ threads: 1 });
for (let i = 0; i < 20; i++) await classifier.classify(cells);
const runs = 300;
const times = [];
for (let i = 0; i < runs; i++) {
  const t = process.hrtime.bigint();
  await classifier.classify(cells);
  times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
times.sort((a, b) => a - b);
console.log(`batch of 8 cells, 1 thread: median ${times[runs >> 1].toFixed(3)} ms, p90 ${times[Math.floor(runs * 0.9)].toFixed(3)} ms`);
