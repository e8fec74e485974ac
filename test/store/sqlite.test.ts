import { describe } from 'node:test';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { storeContract } from './contract.js';

describe('store contract on SQLite', () => {
  storeContract(async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'meter-store-')), 'nested', 'data');
    const store = openSqliteStore(dir);
    assert.ok(existsSync(join(dir, 'meter.sqlite')), 'the data dir and database file are created on first start');
    return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});
