import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const PG_SKIP = process.env.DATABASE_URL
  ? false
  : 'DATABASE_URL is not set: PostgreSQL tests skipped (set it, e.g. postgres://postgres@127.0.0.1:5432/test)';

/** A fresh, empty database on the server of DATABASE_URL, dropped by `drop()`. */
export async function createTempDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `meter_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
