import type { ClientRecord, KeyRecord } from '../../store/index.js';
import type { QuotaStatus } from '../../quota/quota.js';
import { html } from '../html.js';
import { notice, page } from '../layout.js';
import { usageChart, type DayCount } from '../chart.js';
import { formatCount, formatTime, periodWord } from '../format.js';

export interface OverviewView {
  client: ClientRecord;
  csrfToken: string;
  quota: QuotaStatus;
  usage: DayCount[];
  keys: KeyRecord[];
}

export const blockedNotice = () =>
  notice(
    'error',
    html`<strong>This account is blocked.</strong>
<p>API requests with its keys are refused (403 Client blocked) and no new keys can be issued. Contact the operator of this service.</p>`,
    'alert',
  );

export function overviewPage(v: OverviewView): string {
  const { client, quota } = v;
  const active = v.keys.filter((k) => k.revokedAt === null).length;
  const total30 = v.usage.reduce((a, d) => a + d.count, 0);
  const full = quota.remaining === 0;
  return page(
    'Overview',
    html`<h1>Overview</h1>
<p class="lead">${client.name}${client.email ? html` · ${client.email}` : ''}</p>
${client.blocked ? blockedNotice() : ''}
<div class="grid">
  <section class="card" aria-labelledby="quota-h">
    <h2 id="quota-h">Quota</h2>
    <p class="stat">${formatCount(quota.used)} <small>of ${formatCount(quota.limit)} requests ${periodWord(quota.period)}</small></p>
    <progress class="${full ? 'full' : ''}" max="${Math.max(quota.limit, 1)}" value="${Math.min(quota.used, quota.limit)}" aria-label="Quota used">${formatCount(quota.used)} of ${formatCount(quota.limit)}</progress>
    <dl class="facts">
      <dt>Remaining</dt><dd>${formatCount(quota.remaining)}${full ? ' — further requests get 402 Payment required' : ''}</dd>
      <dt>Resets</dt><dd>${quota.resetsAt ? html`<time datetime="${quota.resetsAt}">${formatTime(quota.resetsAt)}</time>` : 'never (a total allowance)'}</dd>
    </dl>
  </section>
  <section class="card" aria-labelledby="status-h">
    <h2 id="status-h">Account</h2>
    <dl class="facts">
      <dt>Status</dt><dd>${client.blocked ? html`<span class="badge badge-bad">Blocked</span>` : html`<span class="badge badge-ok">Active</span>`}</dd>
      <dt>API keys</dt><dd>${active} active · <a href="/account/keys">manage keys</a></dd>
      <dt>Client ID</dt><dd><code>${client.id}</code></dd>
    </dl>
  </section>
</div>
<section class="card" aria-labelledby="usage-h">
  <h2 id="usage-h">Requests per day, last 30 days</h2>
  <p class="muted small">${formatCount(total30)} successful requests counted against the quota (UTC days).</p>
  ${usageChart(v.usage)}
  <details>
    <summary>Show as a table</summary>
    <div class="table-scroll">
      <table>
        <thead><tr><th scope="col">Day</th><th scope="col" class="num">Requests</th></tr></thead>
        <tbody>${[...v.usage].reverse().map((d) => html`<tr><td>${d.day}</td><td class="num">${formatCount(d.count)}</td></tr>`)}</tbody>
      </table>
    </div>
  </details>
</section>`,
    { signedIn: { name: client.name, csrfToken: v.csrfToken }, active: 'overview' },
  );
}
