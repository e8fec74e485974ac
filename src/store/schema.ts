import type { Generated } from 'kysely';

export type QuotaPeriod = 'none' | 'day' | 'month';

export interface ClientsTable {
  id: string;
  name: string;
  email: string | null;
  password_hash: string | null;
  quota_limit: number;
  quota_period: QuotaPeriod;
  used: number;
  period_key: string;
  blocked: number;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  client_id: string;
  label: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ReservationsTable {
  id: string;
  client_id: string;
  period_key: string;
  node_id: string;
  created_at: string;
}

export interface UsageDailyTable {
  client_id: string;
  day: string;
  count: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SessionsTable {
  id_hash: string;
  client_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  id: string;
  bucket: string;
  at: string;
}

export interface Database {
  clients: ClientsTable;
  api_keys: ApiKeysTable;
  quota_reservations: ReservationsTable;
  usage_daily: UsageDailyTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  _unused?: { id: Generated<number> };
}
