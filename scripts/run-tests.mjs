// Runs every compiled test file (dist/test and packages/*/dist/test) with node's test runner.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const filter = process.argv.slice(2);
const roots = ['dist/test', ...readdirSync('packages').map((p) => join('packages', p, 'dist', 'test'))];
let files = roots.flatMap((r) => collect(r)).sort();
if (filter.length) files = files.filter((f) => filter.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
