import { z } from 'zod';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';

const intFrom = (def: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

const schema = z
  .object({
    PORT: intFrom(8080, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TLS_CERT: z.string().min(1).optional(),
    TLS_KEY: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // One recognition worker per two cores, each running its models on two threads: measured on 2 cores,
    // this gives the lowest single-photo latency and the least memory (see README, Benchmarks).
    WORKERS: intFrom(Math.max(1, Math.floor(availableParallelism() / 2)), 1, 64),
    OCR_THREADS: intFrom(Math.min(2, availableParallelism()), 1, 64),
    QUEUE_LIMIT: intFrom(8, 0, 10_000),
    RECOGNITION_TIMEOUT_MS: intFrom(30_000, 100, 600_000),
    MAX_IMAGE_PIXELS: intFrom(50_000_000, 1, 1_000_000_000),
    DEFAULT_QUOTA: intFrom(1000, 0, Number.MAX_SAFE_INTEGER),
    DEFAULT_PERIOD: z.enum(['none', 'day', 'month']).default('month'),
    MODELS_DIR: z.string().min(1).default(resolve(import.meta.dirname, '../../../models')),
    SHUTDOWN_GRACE_MS: intFrom(15_000, 0, 600_000),
    // Behind a load balancer: 'true' (trust every hop), a hop count, or comma-separated addresses/CIDRs.
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/, 'must be true, false, a hop count or addresses/CIDRs')
      .default('false')
      .transform((v): boolean | number | string =>
        v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v.replace(/\s+/g, '')),
    // Account area (/account): session lifetime and sign-in rate limits.
    SESSION_TTL_HOURS: intFrom(12, 1, 24 * 90),
    LOGIN_WINDOW_MINUTES: intFrom(15, 1, 24 * 60),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: intFrom(5, 1, 1000),
    LOGIN_MAX_FAILURES_PER_IP: intFrom(30, 1, 100_000),
    // A quota unit reserved by a request that never finished (its node died) is released once older than
    // this; it must exceed the longest a request can live. Default: see server.ts (450 s with the defaults on 2 cores).
    RESERVATION_STALE_MS: z.coerce.number().int().min(1000).max(86_400_000).optional(),
    RECONCILE_INTERVAL_MS: intFrom(60_000, 100, 3_600_000),
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Validates the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
  if ((cleaned.TLS_CERT === undefined) !== (cleaned.TLS_KEY === undefined)) {
    lines.push('  TLS_CERT/TLS_KEY: TLS_CERT and TLS_KEY must be set together');
  }
  if (!parsed.success || lines.length > 0) throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}
