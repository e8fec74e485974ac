import type { QuotaPeriod } from '../store/index.js';

/** `2026-05-01 10:00 UTC` from an ISO time. */
export const formatTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export const periodWord = (p: QuotaPeriod): string =>
  p === 'day' ? 'per day' : p === 'month' ? 'per month' : 'in total';
