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
}
