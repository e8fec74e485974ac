// End-to-end HTTP latency: p50/p95 at concurrency 1, and throughput at saturation, against one real
// server process on loopback. Photos come from ../shared/datasets/meters-dev (or --dir); without them
// the bench says so and exits.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { takeFlag } from './lib/args.js';
import { startNode, trackPeakRss, mib } from './lib/nodes.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const opt = (name: string, def: string) => takeFlag(args, `--${name}`) || def;
const dir = resolve(ROOT, opt('dir', '../shared/datasets/meters-dev/images'));
const requestsFlag = opt('requests', '');
const concurrency = Number(opt('concurrency', '4'));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function post(url: string, token: string, bytes: Buffer, name: string): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), name);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/meters/analyze`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

async function main(): Promise<void> {
  const photos = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.(jpe?g|png)$/i.test(f))
        .sort()
        .map((f) => ({ name: f, bytes: readFileSync(join(dir, f)) }))
    : [];
  if (!photos.length) {
    console.log(`bench:latency skipped: no JPEG or PNG photos in ${dir} (pass --dir DIR)`);
    return;
  }
  // By default every photo once per phase, so the figures cover the whole set.
  const rounds = requestsFlag ? Number(requestsFlag) : photos.length;
  const dataDir = mkdtempSync(join(tmpdir(), 'meter-latency-'));
  const env = { DATA_DIR: dataDir };
  const admin = (...a: string[]) =>
    JSON.parse(spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/admin.js'), ...a], { env: { ...process.env, ...env } }).stdout.toString());
  const client = admin('client', 'create', '--name', 'bench', '--quota', '1000000', '--period', 'none');
  const { token } = admin('key', 'issue', client.id);
  const node = await startNode({
    env: { ...env, WORKERS: process.env.WORKERS, OCR_THREADS: process.env.OCR_THREADS, QUEUE_LIMIT: '64' },
  });
  const rss = trackPeakRss([node]);
  try {
    // warm-up: one pass over a few photos
    for (const p of photos.slice(0, 3)) await post(node.url, token, p.bytes, p.name);

    const serial: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const p = photos[i % photos.length];
      const r = await post(node.url, token, p.bytes, p.name);
      if (r.status !== 200) throw new Error(`unexpected ${r.status} for ${p.name}`);
      serial.push(r.ms);
    }

    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < rounds) {
          const p = photos[next++ % photos.length];
          const r = await post(node.url, token, p.bytes, p.name);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          latencies.push(r.ms);
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    console.log(`WORKERS=${process.env.WORKERS ?? '(default)'} OCR_THREADS=${process.env.OCR_THREADS ?? '(default)'}`);
    console.log(`bench:latency on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${photos.length} photos from ${dir}`);
    console.log(`concurrency 1: n=${serial.length} p50=${pct(serial, 50).toFixed(0)} ms p95=${pct(serial, 95).toFixed(0)} ms`);
    console.log(
      `concurrency ${concurrency}: n=${latencies.length} throughput=${(latencies.length / secs).toFixed(2)} req/s ` +
        `p50=${pct(latencies, 50).toFixed(0)} ms p95=${pct(latencies, 95).toFixed(0)} ms statuses=${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(`server peak RSS: ${mib(rss.peak.get(node.name) ?? 0)}`);
    if ([...statuses.keys()].some((s) => s !== 200)) console.log(`server log tail:\n${node.logTail()}`);
  } finally {
    rss.stop();
    await node.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
