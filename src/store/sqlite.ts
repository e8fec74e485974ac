import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database as Schema } from './schema.js';
import { KyselyStore } from './kysely-store.js';

/** Embedded store: one SQLite file under dataDir, created on first use. */
export function openSqliteStore(dataDir: string): KyselyStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'meter.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  return new KyselyStore(new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
}
