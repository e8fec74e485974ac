import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database as Schema } from './schema.js';
import { KyselyStore } from './kysely-store.js';

// int8 columns (counters) come back as strings by default; ours stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function openPostgresStore(url: string, poolSize = 10): KyselyStore {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A client losing its connection (database restart, network cut) must not crash the process: the pool
  // listens only while a client is idle, so a checked-out client needs its own listener. The failed
  // query rejects, and the pool discards the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new KyselyStore(new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}
