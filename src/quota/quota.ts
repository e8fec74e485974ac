import type { ClientRecord, Store } from '../store/index.js';
import { newId } from '../util/ids.js';
import { dayOf, isoNow, periodKeyOf, periodResetAt } from '../util/time.js';

export interface Reservation {
  readonly id: string;
  settled: boolean;
}

export interface QuotaStatus {
  limit: number;
  used: number;
  remaining: number;
  period: ClientRecord['quotaPeriod'];
  resetsAt: string | null;
}

/**
 * Quota accounting in two steps: a unit is reserved before the request body is read and is then either
 * committed (the client got a 200) or released (4xx/5xx, abort). Reservations left behind by a node that
 * died mid-request are released by reconcile() once they are older than any request can live.
 */
export class QuotaService {
  constructor(
    private readonly store: Store,
    private readonly nodeId: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async reserve(client: ClientRecord): Promise<Reservation | null> {
    const now = this.now();
    const id = newId('res');
    const ok = await this.store.reserve({
      id,
      clientId: client.id,
      periodKey: periodKeyOf(client.quotaPeriod, now),
      nodeId: this.nodeId,
      createdAt: isoNow(now),
    });
    return ok ? { id, settled: false } : null;
  }

  async commit(r: Reservation): Promise<void> {
    if (r.settled) return;
    r.settled = true;
    try {
      await this.store.commit(r.id, dayOf(this.now()));
    } catch (err) {
      r.settled = false; // still reserved: the caller's error path releases it
      throw err;
    }
  }

  async release(r: Reservation): Promise<void> {
    if (r.settled) return;
    r.settled = true;
    await this.store.release(r.id);
  }

  /** Releases reservations older than maxAgeMs; returns how many. */
  async reconcile(maxAgeMs: number): Promise<number> {
    const before = isoNow(new Date(this.now().getTime() - maxAgeMs));
    let n = 0;
    for (const r of await this.store.staleReservations(before)) {
      if (await this.store.release(r.id)) n++;
    }
    return n;
  }

  status(client: ClientRecord): QuotaStatus {
    const now = this.now();
    const current = client.periodKey === periodKeyOf(client.quotaPeriod, now);
    const used = current ? client.used : 0;
    const reset = periodResetAt(client.quotaPeriod, now);
    return {
      limit: client.quotaLimit,
      used,
      remaining: Math.max(0, client.quotaLimit - used),
      period: client.quotaPeriod,
      resetsAt: reset ? reset.toISOString() : null,
    };
  }
}
