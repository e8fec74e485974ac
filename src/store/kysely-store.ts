import { Migrator, sql, type Kysely, type Selectable } from 'kysely';
import type { ApiKeysTable, ClientsTable, Database } from './schema.js';
import type { ClientPatch, ClientRecord, KeyRecord, LoginAttempt, Reservation, SessionRecord, Store } from './store.js';
import { migrationProvider } from './migrations.js';

const toClient = (r: Selectable<ClientsTable>): ClientRecord => ({
  id: r.id,
  name: r.name,
  email: r.email,
  passwordHash: r.password_hash,
  quotaLimit: Number(r.quota_limit),
  quotaPeriod: r.quota_period,
  used: Number(r.used),
  periodKey: r.period_key,
  blocked: Number(r.blocked) === 1,
  createdAt: r.created_at,
});

const toKey = (r: Selectable<ApiKeysTable>): KeyRecord => ({
  id: r.id,
  clientId: r.client_id,
  label: r.label,
  tokenHash: r.token_hash,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** The store over any Kysely dialect; the SQL here is portable between SQLite and PostgreSQL. */
export class KyselyStore implements Store {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async migrate(): Promise<void> {
    const { error, results } = await new Migrator({ db: this.db, provider: migrationProvider }).migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      throw new Error(`migration ${failed ?? ''} failed: ${(error as Error).message ?? error}`);
    }
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  async ensureSetting(key: string, create: () => string): Promise<string> {
    const existing = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (existing) return existing.value;
    await this.db
      .insertInto('settings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return row.value;
  }

  async createClient(c: Omit<ClientRecord, 'used' | 'periodKey'>): Promise<ClientRecord> {
    await this.db
      .insertInto('clients')
      .values({
        id: c.id,
        name: c.name,
        email: c.email,
        password_hash: c.passwordHash,
        quota_limit: c.quotaLimit,
        quota_period: c.quotaPeriod,
        used: 0,
        period_key: '',
        blocked: c.blocked ? 1 : 0,
        created_at: c.createdAt,
      })
      .execute();
    return { ...c, used: 0, periodKey: '' };
  }

  async getClient(id: string): Promise<ClientRecord | undefined> {
    const r = await this.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toClient(r);
  }

  async getClientByEmail(email: string): Promise<ClientRecord | undefined> {
    const r = await this.db.selectFrom('clients').selectAll().where('email', '=', email).executeTakeFirst();
    return r && toClient(r);
  }

  async listClients(): Promise<ClientRecord[]> {
    const rows = await this.db.selectFrom('clients').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(toClient);
  }

  async updateClient(id: string, p: ClientPatch): Promise<boolean> {
    const values: Record<string, unknown> = {};
    if (p.name !== undefined) values.name = p.name;
    if (p.email !== undefined) values.email = p.email;
    if (p.passwordHash !== undefined) values.password_hash = p.passwordHash;
    if (p.quotaLimit !== undefined) values.quota_limit = p.quotaLimit;
    if (p.quotaPeriod !== undefined) values.quota_period = p.quotaPeriod;
    if (p.blocked !== undefined) values.blocked = p.blocked ? 1 : 0;
    if (p.resetUsage) {
      values.used = 0;
      values.period_key = '';
    }
    if (Object.keys(values).length === 0) return (await this.getClient(id)) !== undefined;
    const res = await this.db.updateTable('clients').set(values).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async insertKey(k: KeyRecord): Promise<void> {
    await this.db
      .insertInto('api_keys')
      .values({
        id: k.id,
        client_id: k.clientId,
        label: k.label,
        token_hash: k.tokenHash,
        created_at: k.createdAt,
        last_used_at: k.lastUsedAt,
        revoked_at: k.revokedAt,
      })
      .execute();
  }

  async getKey(id: string): Promise<KeyRecord | undefined> {
    const r = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toKey(r);
  }

  async listKeys(clientId: string): Promise<KeyRecord[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toKey);
  }

  async revokeKey(id: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async touchKey(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async reserve(r: Reservation): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // One conditional UPDATE: the row lock (PostgreSQL) or the database write lock (SQLite) makes the
      // check and the increment a single atomic step, so concurrent requests never overspend.
      const k = r.periodKey;
      const updated = await sql<{ used: number }>`
        update clients
           set used = case when period_key = ${k} then used + 1 else 1 end,
               period_key = ${k}
         where id = ${r.clientId}
           and (case when period_key = ${k} then used else 0 end) < quota_limit
        returning used`.execute(trx);
      if (updated.rows.length === 0) return false;
      await trx
        .insertInto('quota_reservations')
        .values({
          id: r.id,
          client_id: r.clientId,
          period_key: r.periodKey,
          node_id: r.nodeId,
          created_at: r.createdAt,
        })
        .execute();
      return true;
    });
  }

  async commit(reservationId: string, day: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('quota_reservations')
        .where('id', '=', reservationId)
        .returning(['client_id'])
        .executeTakeFirst();
      if (!gone) return false;
      await trx
        .insertInto('usage_daily')
        .values({ client_id: gone.client_id, day, count: 1 })
        .onConflict((oc) =>
          oc.columns(['client_id', 'day']).doUpdateSet({ count: sql`usage_daily.count + 1` }),
        )
        .execute();
      return true;
    });
  }

  async release(reservationId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('quota_reservations')
        .where('id', '=', reservationId)
        .returning(['client_id', 'period_key'])
        .executeTakeFirst();
      if (!gone) return false;
      await trx
        .updateTable('clients')
        .set({ used: sql`used - 1` })
        .where('id', '=', gone.client_id)
        .where('period_key', '=', gone.period_key)
        .where('used', '>', 0)
        .execute();
      return true;
    });
  }

  async staleReservations(before: string): Promise<Reservation[]> {
    const rows = await this.db
      .selectFrom('quota_reservations')
      .selectAll()
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(1000)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      clientId: r.client_id,
      periodKey: r.period_key,
      nodeId: r.node_id,
      createdAt: r.created_at,
    }));
  }

  async usageByDay(clientId: string, fromDay: string): Promise<{ day: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('usage_daily')
      .select(['day', 'count'])
      .where('client_id', '=', clientId)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
  }

  async createSession(s: SessionRecord): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: s.idHash,
        client_id: s.clientId,
        csrf_token: s.csrfToken,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
      })
      .execute();
  }

  async getSession(idHash: string): Promise<SessionRecord | undefined> {
    const r = await this.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    return (
      r && {
        idHash: r.id_hash,
        clientId: r.client_id,
        csrfToken: r.csrf_token,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      }
    );
  }

  async deleteSession(idHash: string): Promise<boolean> {
    const res = await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async deleteExpiredSessions(now: string): Promise<number> {
    const res = await this.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async addLoginAttempts(attempts: LoginAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.db.insertInto('login_attempts').values(attempts).execute();
  }

  async countLoginAttempts(bucket: string, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('bucket', '=', bucket)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async deleteLoginAttempts(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
  }

  async clearLoginAttempts(bucket: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
  }

  async pruneLoginAttempts(before: string): Promise<number> {
    const res = await this.db.deleteFrom('login_attempts').where('at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
