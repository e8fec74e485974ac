import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Portable SQL only: the same migrations run on SQLite and PostgreSQL.
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('clients')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.unique())
        .addColumn('password_hash', 'varchar(400)')
        .addColumn('quota_limit', 'bigint', (c) => c.notNull())
        .addColumn('quota_period', 'varchar(8)', (c) => c.notNull())
        .addColumn('used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('period_key', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('token_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_used_at', 'varchar(32)')
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('api_keys_client_idx').on('api_keys').column('client_id').execute();
      await db.schema
        .createTable('quota_reservations')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('period_key', 'varchar(16)', (c) => c.notNull())
        .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reservations_created_idx').on('quota_reservations').column('created_at').execute();
      await db.schema
        .createTable('usage_daily')
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['client_id', 'day'])
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['settings', 'usage_daily', 'quota_reservations', 'api_keys', 'clients']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0002_account': {
    async up(db: Kysely<any>) {
      // Account-area sign-in sessions: only a hash of the session id is kept.
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
      await db.schema.createIndex('sessions_client_idx').on('sessions').column('client_id').execute();
      // One row per sign-in attempt and rate-limit bucket (per address, per account).
      await db.schema
        .createTable('login_attempts')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('bucket', 'varchar(400)', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_bucket_idx').on('login_attempts').columns(['bucket', 'at']).execute();
      await db.schema.createIndex('login_attempts_at_idx').on('login_attempts').column('at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('login_attempts').ifExists().execute();
      await db.schema.dropTable('sessions').ifExists().execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export { sql };
