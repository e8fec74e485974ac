import type { ClientRecord, Store } from '../store/index.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { newId } from '../util/ids.js';
import { isoNow } from '../util/time.js';

export interface SignInLimits {
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
}

export type SignInOutcome = { ok: true; client: ClientRecord } | { ok: false; reason: 'wrong' | 'throttled' };

const MAX_PASSWORD = 1024;

/**
 * Email + password sign-in with rate limits per address and per account, counted in the store so all
 * nodes share them. An attempt is recorded before the password is checked (so concurrent guesses
 * cannot slip past the limit) and deleted again when it succeeds. Accounts are bucketed by the email
 * typed, whether or not it exists, so throttling reveals nothing about which emails have accounts.
 */
export class SignIn {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly limits: SignInLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async attempt(emailInput: string, password: string, ip: string): Promise<SignInOutcome> {
    const email = emailInput.trim().toLowerCase().slice(0, 320);
    const now = this.now();
    const since = isoNow(new Date(now.getTime() - this.limits.windowMs));
    const accountBucket = `email:${email}`;
    const ipBucket = `ip:${ip}`;
    await this.store.pruneLoginAttempts(since);
    const attempts = [
      { id: newId('la'), bucket: accountBucket, at: isoNow(now) },
      { id: newId('la'), bucket: ipBucket, at: isoNow(now) },
    ];
    await this.store.addLoginAttempts(attempts);
    const [byAccount, byIp] = await Promise.all([
      this.store.countLoginAttempts(accountBucket, since),
      this.store.countLoginAttempts(ipBucket, since),
    ]);
    if (byAccount > this.limits.maxPerAccount || byIp > this.limits.maxPerIp) return { ok: false, reason: 'throttled' };

    const client = email ? await this.store.getClientByEmail(email) : undefined;
    const stored = client?.passwordHash ?? null;
    // Unknown emails cost one scrypt too, so response time does not tell which accounts exist.
    const matches =
      password.length > 0 && password.length <= MAX_PASSWORD
        ? await verifyPassword(password, stored ?? (await this.dummy())).catch(() => false)
        : false;
    if (!client || !stored || !matches) return { ok: false, reason: 'wrong' };
    await this.store.deleteLoginAttempts(attempts.map((a) => a.id));
    await this.store.clearLoginAttempts(accountBucket);
    return { ok: true, client };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('no account has this password');
    return this.dummyHash;
  }
}
