import { PG_SKIP, createTempDatabase } from './pg.js';

export interface StoreBackend {
  name: 'sqlite' | 'postgres';
  /** false, or why the backend's suite is skipped. */
  skip: string | false;
  /** Environment for startTestApp, and how to clean up after it. */
  env: () => Promise<{ env: Record<string, string>; drop?: () => Promise<void> }>;
}

/** The embedded SQLite store, and PostgreSQL (a fresh temp database) when DATABASE_URL is set. */
export const storeBackends: StoreBackend[] = [
  { name: 'sqlite', skip: false, env: async () => ({ env: {} }) },
  {
    name: 'postgres',
    skip: PG_SKIP,
    env: async () => {
      const db = await createTempDatabase();
      return { env: { DATABASE_URL: db.url }, drop: db.drop };
    },
  },
];
