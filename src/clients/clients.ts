import type { ClientRecord, KeyRecord, QuotaPeriod, Store } from '../store/index.js';
import { hashToken, type TokenSigner } from '../auth/tokens.js';
import { newId } from '../util/ids.js';
import { isoNow } from '../util/time.js';

export class ClientError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid' | 'conflict' | 'blocked',
    message: string,
  ) {
    super(message);
  }
}

export interface NewClient {
  name: string;
  email?: string | null;
  passwordHash?: string | null;
  quotaLimit: number;
  quotaPeriod: QuotaPeriod;
}

export interface IssuedKey {
  id: string;
  clientId: string;
  label: string;
  createdAt: string;
  /** Shown once, at issue time; the store keeps only its hash. */
  token: string;
}

export const PERIODS: readonly QuotaPeriod[] = ['none', 'day', 'month'];

/** Operator and account-area actions on clients and their keys. */
export class ClientService {
  constructor(
    private readonly store: Store,
    private readonly signer: TokenSigner,
  ) {}

  async create(c: NewClient): Promise<ClientRecord> {
    const name = c.name.trim();
    if (!name) throw new ClientError('invalid', 'name must not be empty');
    checkQuota(c.quotaLimit, c.quotaPeriod);
    const email = c.email ? normaliseEmail(c.email) : null;
    if (email && (await this.store.getClientByEmail(email))) throw new ClientError('conflict', 'email already in use');
    return this.store.createClient({
      id: newId('cl'),
      name,
      email,
      passwordHash: c.passwordHash ?? null,
      quotaLimit: c.quotaLimit,
      quotaPeriod: c.quotaPeriod,
      blocked: false,
      createdAt: isoNow(),
    });
  }

  list(): Promise<ClientRecord[]> {
    return this.store.listClients();
  }

  async get(id: string): Promise<ClientRecord> {
    const c = await this.store.getClient(id);
    if (!c) throw new ClientError('not_found', `client ${id} not found`);
    return c;
  }

  async setBlocked(id: string, blocked: boolean): Promise<ClientRecord> {
    if (!(await this.store.updateClient(id, { blocked }))) throw new ClientError('not_found', `client ${id} not found`);
    return this.get(id);
  }

  async setQuota(id: string, limit: number, period?: QuotaPeriod): Promise<ClientRecord> {
    const current = await this.get(id);
    const p = period ?? current.quotaPeriod;
    checkQuota(limit, p);
    // A different period kind starts counting afresh; a new limit alone keeps what was used.
    await this.store.updateClient(id, { quotaLimit: limit, quotaPeriod: p, resetUsage: p !== current.quotaPeriod });
    return this.get(id);
  }

  async setEmail(id: string, email: string | null): Promise<void> {
    const e = email ? normaliseEmail(email) : null;
    const other = e ? await this.store.getClientByEmail(e) : undefined;
    if (other && other.id !== id) throw new ClientError('conflict', 'email already in use');
    if (!(await this.store.updateClient(id, { email: e }))) throw new ClientError('not_found', `client ${id} not found`);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    if (!(await this.store.updateClient(id, { passwordHash }))) {
      throw new ClientError('not_found', `client ${id} not found`);
    }
  }

  async issueKey(clientId: string, label = ''): Promise<IssuedKey> {
    const client = await this.get(clientId);
    if (client.blocked) throw new ClientError('blocked', 'client is blocked');
    const id = newId('key');
    const token = await this.signer.sign({ clientId, keyId: id });
    const createdAt = isoNow();
    const cleanLabel = label.trim().slice(0, 200);
    await this.store.insertKey({
      id,
      clientId,
      label: cleanLabel,
      tokenHash: hashToken(token),
      createdAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { id, clientId, label: cleanLabel, createdAt, token };
  }

  async listKeys(clientId: string): Promise<KeyRecord[]> {
    await this.get(clientId);
    return this.store.listKeys(clientId);
  }

  /** Revokes a key; with `clientId`, only if the key belongs to that client (account area). */
  async revokeKey(keyId: string, clientId?: string): Promise<KeyRecord> {
    const key = await this.store.getKey(keyId);
    if (!key || (clientId !== undefined && key.clientId !== clientId)) {
      throw new ClientError('not_found', `key ${keyId} not found`);
    }
    await this.store.revokeKey(keyId, isoNow());
    return (await this.store.getKey(keyId))!;
  }
}

function checkQuota(limit: number, period: QuotaPeriod): void {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new ClientError('invalid', 'quota must be a non-negative integer');
  if (!PERIODS.includes(period)) throw new ClientError('invalid', 'period must be one of none, day, month');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e) || e.length > 320) throw new ClientError('invalid', 'invalid email address');
  return e;
}

/** Public view of a key: never includes the token or its hash. */
export const keyView = (k: KeyRecord) => ({
  id: k.id,
  label: k.label,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
  revokedAt: k.revokedAt,
  revoked: k.revokedAt !== null,
});
