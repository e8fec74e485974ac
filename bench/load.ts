// Load benchmark: starts N service nodes on one database and drives concurrent uploads of real photos
// through three phases (steady, overload, recovery). Prints throughput, latency percentiles, statuses
// and peak RSS per node, then checks the quota accounting against the 200s received.
//
//   npm run bench:load -- [--nodes 2] [--workers 1] [--queue 8] [--steady 30] [--overload 20]
//                         [--recovery 15] [--concurrency 4] [--overload-concurrency 40] [--images DIR]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { imageForm, percentile, post, countBy, type Multipart, type Outcome } from './lib/http.js';
import { mib, sleep, trackPeakRss, type NodeProcess } from './lib/nodes.js';
import { startBenchCluster } from './lib/setup.js';
import { noiseJpeg, syntheticMeterJpeg } from '../test/helpers/images.js';

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    queue: { type: 'string', default: '8' },
    steady: { type: 'string', default: '30' },
    overload: { type: 'string', default: '20' },
    recovery: { type: 'string', default: '15' },
    concurrency: { type: 'string' },
    'overload-concurrency': { type: 'string', default: '40' },
    images: { type: 'string' },
  },
});

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const nodeCount = Number(args.nodes);
const workers = Number(args.workers);
const queue = Number(args.queue);

async function loadImages(): Promise<{ what: string; forms: Multipart[] }> {
  const dir = resolve(args.images ?? join(repoRoot, '..', 'shared', 'datasets', 'meters-dev', 'images'));
  if (existsSync(dir)) {
    const files = readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
    if (files.length > 0) {
      return {
        what: `${files.length} real photos from ${dir}`,
        forms: files.map((f) => imageForm(readFileSync(join(dir, f)), f)),
      };
    }
  }
  const made: Buffer[] = [];
  for (let i = 0; i < 12; i++) made.push(await syntheticMeterJpeg(String(10_000 + i * 731).slice(-5), `12-${345600 + i}`));
  for (let i = 0; i < 4; i++) made.push(await noiseJpeg(640 + i * 160, 480 + i * 120));
  return { what: `no photo folder at ${dir}: ${made.length} GENERATED images (synthetic meter faces and noise)`, forms: made.map((b) => imageForm(b)) };
}

interface PhaseResult {
  name: string;
  concurrency: number;
  seconds: number;
  outcomes: Outcome[];
  peakRss: Map<string, number>;
}

/** `concurrency` clients loop over the nodes for `seconds`; a 503 makes a client wait its Retry-After. */
async function phase(name: string, concurrency: number, seconds: number, nodes: NodeProcess[], forms: Multipart[], token: string): Promise<PhaseResult> {
  const outcomes: Outcome[] = [];
  const rss = trackPeakRss(nodes);
  const started = performance.now();
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const node = nodes[i % nodes.length];
        const form = forms[(i * 7) % forms.length];
        const o = await post(`${node.url}/api/meters/analyze`, form.contentType, form.body, {
          headers: { authorization: `Bearer ${token}` },
          timeoutMs: 120_000,
        });
        outcomes.push(o);
        if (o.status === 503) await sleep(Math.min(5, Number(o.retryAfter) || 1) * 1000);
        else if (typeof o.status !== 'number') await sleep(200);
      }
    }),
  );
  rss.stop();
  return { name, concurrency, seconds: (performance.now() - started) / 1000, outcomes, peakRss: rss.peak };
}

function report(r: PhaseResult, nodes: NodeProcess[]): void {
  const ok = r.outcomes.filter((o) => o.status === 200).map((o) => o.ms).sort((a, b) => a - b);
  const shed = r.outcomes.filter((o) => o.status === 503);
  const shedMs = shed.map((o) => o.ms).sort((a, b) => a - b);
  const f = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / 1000).toFixed(2)}s`);
  console.log(`\n[${r.name}] ${r.concurrency} concurrent clients, ${r.seconds.toFixed(1)} s`);
  console.log(`  requests ${r.outcomes.length}, 200s ${ok.length} → ${(ok.length / r.seconds).toFixed(2)} photos/s`);
  console.log(`  latency of 200s: p50 ${f(percentile(ok, 50))}  p95 ${f(percentile(ok, 95))}  p99 ${f(percentile(ok, 99))}  max ${f(ok.at(-1) ?? NaN)}`);
  if (shed.length) {
    const withRetry = shed.filter((o) => o.retryAfter !== undefined).length;
    console.log(`  503 shed: ${shed.length} (with Retry-After: ${withRetry}), answered in p50 ${f(percentile(shedMs, 50))} p99 ${f(percentile(shedMs, 99))}`);
  }
  console.log(`  statuses ${JSON.stringify(countBy(r.outcomes, (o) => o.status))}`);
  console.log(`  peak RSS ${nodes.map((n) => `${n.name} ${mib(r.peakRss.get(n.name) ?? 0)}`).join(', ')}`);
}

async function main(): Promise<void> {
  const { what, forms } = await loadImages();
  const env = { WORKERS: String(workers), QUEUE_LIMIT: String(queue), LOG_LEVEL: 'error' };
  const cluster = await startBenchCluster(nodeCount, env);
  const nodes = cluster.nodes;
  const steadyConcurrency = Number(args.concurrency ?? nodes.length * workers * 2);
  console.log(`bench:load ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, node ${process.version}`);
  console.log(`images: ${what}`);
  console.log(`store: ${cluster.store}; ${nodes.length} node(s), WORKERS=${workers}, QUEUE_LIMIT=${queue} each`);
  console.log(`RSS after start: ${nodes.map((n) => `${n.name} ${mib(n.rss())}`).join(', ')}`);
  const results: PhaseResult[] = [];
  try {
    for (const [name, c, s] of [
      ['steady', steadyConcurrency, Number(args.steady)],
      ['overload', Number(args['overload-concurrency']), Number(args.overload)],
      ['recovery', steadyConcurrency, Number(args.recovery)],
    ] as const) {
      if (s <= 0) continue;
      const r = await phase(name, c, s, nodes, forms, cluster.token);
      results.push(r);
      report(r, nodes);
    }
    const all = results.flatMap((r) => r.outcomes);
    const received = all.filter((o) => o.status === 200).length;
    await sleep(300);
    const acc = await cluster.accounting();
    console.log(`\naccounting: 200s received ${received}; store: committed ${acc.committed}, used ${acc.used}, still reserved ${acc.reserved}` +
      (acc.committed === received && acc.used === received && acc.reserved === 0 ? ' — exact' : ' — MISMATCH'));
    console.log(`RSS at the end: ${nodes.map((n) => `${n.name} ${mib(n.rss())}`).join(', ')}`);
    const crashed = nodes.filter((n) => !n.isRunning());
    if (crashed.length) console.log(`CRASHED: ${crashed.map((n) => n.name).join(', ')}`);
  } finally {
    await cluster.close();
  }
}

await main();
