// Fuzz/corpus run: thousands of malformed or hostile uploads (broken multipart, truncated and corrupted
// JPEG/PNG, extreme declared dimensions, huge headers, many parts, slow senders, clients that give up)
// against real nodes. Fails (exit 1) on a 500, a crashed node or a quota accounting mismatch; prints
// statuses by kind and RSS per node before, during and after.
//
//   npm run bench:fuzz -- [--requests 3000] [--concurrency 16] [--nodes 1] [--rounds 4] [--seed 1]
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { post, countBy, imageForm, type Outcome } from './lib/http.js';
import { mib, sleep } from './lib/nodes.js';
import { startBenchCluster } from './lib/setup.js';
import { GENERATORS, drawKind, makeSeeds, rng } from './lib/fuzz-cases.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
    nodes: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
  },
});

async function main(): Promise<number> {
  const total = Number(args.requests);
  const rounds = Math.max(1, Number(args.rounds));
  const concurrency = Number(args.concurrency);
  const seeds = await makeSeeds();
  const r = rng(Number(args.seed));
  const cluster = await startBenchCluster(Number(args.nodes), { WORKERS: '1', QUEUE_LIMIT: '8', LOG_LEVEL: 'fatal' });
  const { nodes, token } = cluster;
  const rssLine = () => nodes.map((n) => `${n.name} ${mib(n.rss())}`).join(', ');
  console.log(`bench:fuzz ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, node ${process.version}`);
  console.log(`store: ${cluster.store}; ${nodes.length} node(s); ${total} requests in ${rounds} rounds, ${concurrency} at a time, seed ${args.seed}`);
  console.log(`RSS before: ${rssLine()}`);

  const results: (Outcome & { kind: string })[] = [];
  const control = imageForm(seeds.png, 'a.png');
  let failures = 0;
  let n = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const end = Math.round((total * round) / rounds);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (n < end) {
            const i = n++;
            const c = GENERATORS[drawKind(r)](r, seeds);
            const node = nodes[i % nodes.length];
            const headers: Record<string, string> = { ...c.opts?.headers };
            const auth = c.authorization ?? `Bearer ${token}`;
            if (auth !== '') headers.authorization = auth;
            const o = await post(`${node.url}/api/meters/analyze`, c.contentType, c.body, { timeoutMs: 30_000, keepBody: true, ...c.opts, headers });
            results.push({ ...o, kind: c.kind });
            if (o.status === 500) {
              failures++;
              if (failures <= 5) console.log(`  500 on ${c.kind}: ${o.body}`);
            }
          }
        }),
      );
      // The node must still serve a plain, valid request after each round.
      const ok = await Promise.all(
        nodes.map((node) => post(`${node.url}/api/meters/analyze`, control.contentType, control.body, { headers: { authorization: `Bearer ${token}` } })),
      );
      const s = (performance.now() - started) / 1000;
      console.log(`round ${round}: ${end} requests so far, ${s.toFixed(1)} s, control ${ok.map((o) => o.status).join('/')}, RSS ${rssLine()}`);
      results.push(...ok.map((o) => ({ ...o, kind: 'control' })));
      if (ok.some((o) => o.status !== 200)) failures++;
    }

    console.log('\nstatuses by kind:');
    const kinds = [...new Set(results.map((x) => x.kind))].sort();
    for (const k of kinds) {
      const of = results.filter((x) => x.kind === k);
      console.log(`  ${k.padEnd(22)} ${String(of.length).padStart(5)}  ${JSON.stringify(countBy(of, (x) => x.status))}`);
    }
    const all = countBy(results, (x) => x.status);
    console.log(`all: ${JSON.stringify(all)}`);

    await sleep(1500); // slow senders and abandoned uploads settle their reservations
    const received = results.filter((x) => x.status === 200).length;
    const acc = await cluster.accounting();
    const exact = acc.committed === received && acc.used === received && acc.reserved === 0;
    console.log(`accounting: 200s received ${received}; store: committed ${acc.committed}, used ${acc.used}, still reserved ${acc.reserved} — ${exact ? 'exact' : 'MISMATCH'}`);
    if (!exact) failures++;
    const crashed = nodes.filter((x) => !x.isRunning());
    if (crashed.length) {
      failures++;
      console.log(`CRASHED: ${crashed.map((x) => `${x.name}\n${x.logTail()}`).join('\n')}`);
    }
    console.log(`RSS after: ${rssLine()}`);
    console.log(failures === 0 ? 'PASS: no 500, no crash, exact accounting' : `FAIL: ${failures} problem(s)`);
  } finally {
    await cluster.close();
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
