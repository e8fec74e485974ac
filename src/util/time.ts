import type { QuotaPeriod } from '../store/schema.js';

export const isoNow = (now: Date = new Date()): string => now.toISOString();
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The quota window a moment falls in (UTC): one key per day, per month, or one forever. */
export function periodKeyOf(period: QuotaPeriod, now: Date): string {
  if (period === 'day') return now.toISOString().slice(0, 10);
  if (period === 'month') return now.toISOString().slice(0, 7);
  return 'all';
}

/** When the current window ends (UTC), or null for a quota that never resets. */
export function periodResetAt(period: QuotaPeriod, now: Date): Date | null {
  if (period === 'day') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return null;
}
