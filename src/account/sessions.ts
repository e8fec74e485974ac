import { createHash, randomBytes } from 'node:crypto';
import type { SessionRecord, Store } from '../store/index.js';
import { isoNow } from '../util/time.js';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

/**
 * Account-area sessions kept in the store, so any node on the same database accepts them. The cookie
 * carries a random 256-bit id; the store keeps only its sha256, so a leaked database opens no session.
 */
export class AccountSessions {
  constructor(
    private readonly store: Store,
    readonly ttlMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(clientId: string): Promise<{ id: string; session: SessionRecord }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const session: SessionRecord = {
      idHash: hashSessionId(id),
      clientId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: isoNow(now),
      expiresAt: isoNow(new Date(now.getTime() + this.ttlMs)),
    };
    await this.store.createSession(session);
    return { id, session };
  }

  /** The live session for a cookie value, or undefined; an expired one is deleted on sight. */
  async find(id: string | undefined): Promise<SessionRecord | undefined> {
    if (!id || !SESSION_ID.test(id)) return undefined;
    const s = await this.store.getSession(hashSessionId(id));
    if (!s) return undefined;
    if (Date.parse(s.expiresAt) <= this.now().getTime()) {
      await this.store.deleteSession(s.idHash);
      return undefined;
    }
    return s;
  }

  async end(id: string | undefined): Promise<void> {
    if (id && SESSION_ID.test(id)) await this.store.deleteSession(hashSessionId(id));
  }

  sweep(): Promise<number> {
    return this.store.deleteExpiredSessions(isoNow(this.now()));
  }
}
