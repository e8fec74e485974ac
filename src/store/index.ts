import type { Store } from './store.js';
import { openSqliteStore } from './sqlite.js';
import { openPostgresStore } from './postgres.js';

export type { Store, ClientRecord, KeyRecord, Reservation, ClientPatch, SessionRecord, LoginAttempt } from './store.js';
export type { QuotaPeriod } from './schema.js';

/** PostgreSQL when a URL is given, else the embedded SQLite file under dataDir. */
export function openStore(opts: { databaseUrl?: string; dataDir: string }): Store {
  return opts.databaseUrl ? openPostgresStore(opts.databaseUrl) : openSqliteStore(opts.dataDir);
}
