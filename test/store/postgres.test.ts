import { describe } from 'node:test';
import { openPostgresStore } from '../../src/store/postgres.js';
import { PG_SKIP, createTempDatabase } from '../helpers/pg.js';
import { storeContract } from './contract.js';

describe('store contract on PostgreSQL', { skip: PG_SKIP }, () => {
  storeContract(async () => {
    const db = await createTempDatabase();
    return { store: openPostgresStore(db.url), cleanup: db.drop };
  });
});
