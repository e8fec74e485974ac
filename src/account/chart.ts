import { html, type SafeHtml } from './html.js';
import { formatCount } from './format.js';

export interface DayCount {
  day: string;
  count: number;
}

/** The `days` calendar days (UTC) ending with `today`, oldest first, with zero where nothing was used. */
export function lastDays(usage: DayCount[], today: Date, days = 30): DayCount[] {
  const byDay = new Map(usage.map((u) => [u.day, u.count]));
  const out: DayCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
    const day = d.toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });
const W = 640;
const H = 200;
const PAD = { top: 14, right: 8, bottom: 30, left: 48 };

/** A round axis maximum at or above `max`: 1, 2, 5, 10, 20, 50... */
function niceMax(max: number): number {
  if (max <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** Server-rendered SVG bar chart (no script needed); each bar carries its day and count as a tooltip. */
export function usageChart(series: DayCount[]): SafeHtml {
  const total = series.reduce((a, d) => a + d.count, 0);
  const top = niceMax(Math.max(...series.map((d) => d.count), 0));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / series.length;
  const barW = Math.max(2, step * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, top / 2, top].filter((v, i, a) => Number.isInteger(v) && a.indexOf(v) === i);
  const labelled = new Set([0, Math.floor(series.length / 2), series.length - 1]);
  const first = series[0]?.day ?? '';
  const last = series.at(-1)?.day ?? '';
  const f = (n: number) => n.toFixed(1);
  return html`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="xMidYMid meet">
  <title id="chart-title">Requests per day, ${first} to ${last}</title>
  <desc id="chart-desc">${formatCount(total)} requests in ${series.length} days; busiest day ${formatCount(Math.max(0, ...series.map((d) => d.count)))}.</desc>
  ${ticks.map(
    (t) => html`<line class="grid-line" x1="${PAD.left}" x2="${W - PAD.right}" y1="${f(y(t))}" y2="${f(y(t))}"/>
  <text x="${PAD.left - 6}" y="${f(y(t))}" dominant-baseline="middle" text-anchor="end">${compact.format(t)}</text>`,
  )}
  ${series.map((d, i) => {
    const x = PAD.left + i * step + (step - barW) / 2;
    const h = d.count === 0 ? 2 : Math.max(2, (d.count / top) * plotH);
    return html`<rect class="${d.count === 0 ? 'bar-zero' : 'bar'}" x="${f(x)}" y="${f(PAD.top + plotH - h)}" width="${f(barW)}" height="${f(h)}" rx="1.5"><title>${d.day}: ${formatCount(d.count)} request${d.count === 1 ? '' : 's'}</title></rect>`;
  })}
  ${series.map((d, i) =>
    labelled.has(i)
      ? html`<text x="${f(PAD.left + i * step + (i === 0 ? 0 : i === series.length - 1 ? step : step / 2))}" y="${H - 6}" text-anchor="${i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle'}">${d.day.slice(5)}</text>`
      : '',
  )}
</svg>`;
}
