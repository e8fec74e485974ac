import { timingSafeEqual } from 'node:crypto';
import type { ClientRecord, KeyRecord, Store } from '../store/index.js';
import { hashToken, type TokenSigner } from './tokens.js';
import { isoNow } from '../util/time.js';

export type AuthOutcome =
  | { ok: true; client: ClientRecord; key: KeyRecord }
  | { ok: false; code: 'unauthorized' | 'blocked' };

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;
const TOUCH_EVERY_MS = 60_000;

/**
 * Checks a request's Authorization header against the store on every call, so a revocation or a
 * block made on any node applies to the very next request.
 */
export class Authenticator {
  constructor(
    private readonly store: Store,
    private readonly signer: TokenSigner,
  ) {}

  async authenticate(header: string | undefined): Promise<AuthOutcome> {
    const m = header ? BEARER.exec(header.trim()) : null;
    if (!m) return { ok: false, code: 'unauthorized' };
    const token = m[1];
    const claims = await this.signer.verify(token);
    if (!claims) return { ok: false, code: 'unauthorized' };
    const key = await this.store.getKey(claims.keyId);
    if (!key || key.revokedAt !== null || key.clientId !== claims.clientId) return { ok: false, code: 'unauthorized' };
    const a = Buffer.from(key.tokenHash, 'hex');
    const b = Buffer.from(hashToken(token), 'hex');
    if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, code: 'unauthorized' };
    const client = await this.store.getClient(key.clientId);
    if (!client) return { ok: false, code: 'unauthorized' };
    if (client.blocked) return { ok: false, code: 'blocked' };
    await this.touch(key);
    return { ok: true, client, key };
  }

  // last_used_at at minute resolution: one write per key per minute, not per request.
  private async touch(key: KeyRecord): Promise<void> {
    const now = Date.now();
    if (key.lastUsedAt && now - Date.parse(key.lastUsedAt) < TOUCH_EVERY_MS) return;
    await this.store.touchKey(key.id, isoNow(new Date(now)));
  }
}
