#!/usr/bin/env node
/** Command line: `meter-client analyze photo.jpg --url URL --key KEY` prints the JSON result. */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MeterClient } from './client.js';
import { MeterApiError } from './errors.js';

const USAGE = `Usage: meter-client analyze <image.jpg|image.png> [options]

Sends the photo to POST <url>/api/meters/analyze and prints the JSON result
(a processed photo with no recognised meter prints {"success": false, ...} and exits 0).

Options:
  --url <url>        service base address (default: $METER_API_URL)
  --key <jwt>        API key (default: $METER_API_KEY)
  --timeout <ms>     limit per attempt (default: 30000)
  --retries <n>      retries after network errors, 500 and 503 (default: 2)
  --compact          print the JSON on one line
  -h, --help         show this help
  -v, --version      print the version

Exit codes: 0 answer printed, 1 request failed (HTTP error, network, time-out), 2 bad usage.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      timeout: { type: 'string' },
      retries: { type: 'string' },
      compact: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (values.version) {
    process.stdout.write(packageVersion() + '\n');
    return 0;
  }
  const [command, image, ...extra] = positionals;
  if (command !== 'analyze') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  if (!image) throw new UsageError('missing image path');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const baseUrl = values.url ?? process.env.METER_API_URL;
  const apiKey = values.key ?? process.env.METER_API_KEY;
  if (!baseUrl) throw new UsageError('no service address: pass --url or set METER_API_URL');
  if (!apiKey) throw new UsageError('no API key: pass --key or set METER_API_KEY');

  const client = new MeterClient({
    baseUrl,
    apiKey,
    timeoutMs: numberOption(values.timeout, '--timeout'),
    retries: numberOption(values.retries, '--retries'),
  });
  const result = await client.analyze(image);
  process.stdout.write(JSON.stringify(result, null, values.compact ? undefined : 2) + '\n');
  return 0;
}

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${name} must be a non-negative number`);
  return n;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function describe(error: unknown): string {
  if (error instanceof MeterApiError) {
    const id = error.requestId ? `, request id ${error.requestId}` : '';
    return `${error.message} (HTTP ${error.status}${id})`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' ? `cannot read image: ${error.message}` : error.message;
  }
  return String(error);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`meter-client: ${describe(error)}\n`);
    if (usage) process.stderr.write(`Run "meter-client --help" for usage.\n`);
    process.exitCode = usage ? 2 : 1;
  },
);
