import type { QuotaPeriod } from './schema.js';

export interface ClientRecord {
  id: string;
  name: string;
  email: string | null;
  passwordHash: string | null;
  quotaLimit: number;
  quotaPeriod: QuotaPeriod;
  used: number;
  periodKey: string;
  blocked: boolean;
  createdAt: string;
}

export interface KeyRecord {
  id: string;
  clientId: string;
  label: string;
  tokenHash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ClientPatch {
  name?: string;
  email?: string | null;
  passwordHash?: string | null;
  quotaLimit?: number;
  quotaPeriod?: QuotaPeriod;
  blocked?: boolean;
  /** Resets the usage counter (e.g. when the period kind changes). */
  resetUsage?: boolean;
}

export interface Reservation {
  id: string;
  clientId: string;
  periodKey: string;
  nodeId: string;
  createdAt: string;
}

export interface SessionRecord {
  /** sha256 (hex) of the session id; the id itself lives only in the client's cookie. */
  idHash: string;
  clientId: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
}

export interface LoginAttempt {
  id: string;
  /** What is rate-limited: e.g. `ip:203.0.113.9` or `email:ops@acme.test`. */
  bucket: string;
  at: string;
}

/** Everything the service persists, behind one interface with one adapter per database. */
export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;

  /** Returns the setting, creating it with `create()` if absent (first writer wins across nodes). */
  ensureSetting(key: string, create: () => string): Promise<string>;

  createClient(c: Omit<ClientRecord, 'used' | 'periodKey'>): Promise<ClientRecord>;
  getClient(id: string): Promise<ClientRecord | undefined>;
  getClientByEmail(email: string): Promise<ClientRecord | undefined>;
  listClients(): Promise<ClientRecord[]>;
  updateClient(id: string, patch: ClientPatch): Promise<boolean>;

  insertKey(k: KeyRecord): Promise<void>;
  getKey(id: string): Promise<KeyRecord | undefined>;
  listKeys(clientId: string): Promise<KeyRecord[]>;
  revokeKey(id: string, at: string): Promise<boolean>;
  touchKey(id: string, at: string): Promise<void>;

  /**
   * Atomically takes one unit of the client's quota for `periodKey` (starting the period afresh when
   * the stored period differs) and records the reservation. False when the quota is exhausted.
   */
  reserve(r: Reservation): Promise<boolean>;
  /** Turns a reservation into counted usage for `day`. False if the reservation no longer exists. */
  commit(reservationId: string, day: string): Promise<boolean>;
  /** Gives the unit back. False if the reservation no longer exists (already settled). */
  release(reservationId: string): Promise<boolean>;
  /** Reservations created before `before` (ISO time): left by requests that never finished. */
  staleReservations(before: string): Promise<Reservation[]>;
  usageByDay(clientId: string, fromDay: string): Promise<{ day: string; count: number }[]>;

  /** Account-area sessions, shared by every node on the same database. */
  createSession(s: SessionRecord): Promise<void>;
  getSession(idHash: string): Promise<SessionRecord | undefined>;
  deleteSession(idHash: string): Promise<boolean>;
  /** Deletes sessions that expired before `now` (ISO time); returns how many. */
  deleteExpiredSessions(now: string): Promise<number>;

  /** Sign-in rate limiting: attempts are rows, counted over a sliding window per bucket. */
  addLoginAttempts(attempts: LoginAttempt[]): Promise<void>;
  countLoginAttempts(bucket: string, since: string): Promise<number>;
  deleteLoginAttempts(ids: string[]): Promise<void>;
  clearLoginAttempts(bucket: string): Promise<void>;
  /** Deletes attempts older than `before`; returns how many. */
  pruneLoginAttempts(before: string): Promise<number>;
}
