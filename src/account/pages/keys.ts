import type { ClientRecord, KeyRecord } from '../../store/index.js';
import { html, type SafeHtml } from '../html.js';
import { notice, page } from '../layout.js';
import { formatTime } from '../format.js';
import { blockedNotice } from './overview.js';

export interface KeysView {
  client: ClientRecord;
  csrfToken: string;
  keys: KeyRecord[];
  /** Only on the response to the issuing POST: the one time the token is ever shown. */
  issued?: { label: string; token: string; baseUrl: string };
  message?: { kind: 'ok' | 'error'; text: string };
  label?: string;
}

function issuedPanel(i: NonNullable<KeysView['issued']>): SafeHtml {
  const curl = `curl -H "Authorization: Bearer ${i.token}" \\\n     -F "image=@meter.jpg" \\\n     ${i.baseUrl}/api/meters/analyze`;
  return html`<section class="card notice-ok" aria-labelledby="issued-h" id="issued">
  <h2 id="issued-h">Key “${i.label || 'unnamed'}” issued</h2>
  <p><strong>Copy it now: it is shown only this once.</strong> The service keeps only a hash of it.</p>
  <div class="token-box">
    <pre id="new-token" aria-label="New API key">${i.token}</pre>
    <button type="button" class="btn btn-quiet" data-copy-target="new-token" data-copy-status="copy-status" hidden>Copy key</button>
  </div>
  <p class="copy-status" id="copy-status" role="status"></p>
  <p class="small">Try it:</p>
  <div class="token-box">
    <pre id="curl-example" aria-label="Example request">${curl}</pre>
    <button type="button" class="btn btn-quiet" data-copy-target="curl-example" data-copy-status="copy-status" hidden>Copy command</button>
  </div>
</section>`;
}

function keyRow(k: KeyRecord): SafeHtml {
  const revoked = k.revokedAt !== null;
  return html`<tr>
  <td class="key-main"><div class="key-label">${k.label || 'unnamed'}</div><div class="key-id">${k.id}</div></td>
  <td data-label="Created"><time datetime="${k.createdAt}">${formatTime(k.createdAt)}</time></td>
  <td data-label="Last used">${k.lastUsedAt ? html`<time datetime="${k.lastUsedAt}">${formatTime(k.lastUsedAt)}</time>` : html`<span class="muted">never</span>`}</td>
  <td data-label="Status">${revoked ? html`<span class="badge badge-off">Revoked ${k.revokedAt!.slice(0, 10)}</span>` : html`<span class="badge badge-ok">Active</span>`}</td>
  <td data-label="">${revoked ? '' : html`<a class="btn btn-quiet btn-small" href="/account/keys/${encodeURIComponent(k.id)}/revoke" aria-label="Revoke key ${k.label || k.id}">Revoke…</a>`}</td>
</tr>`;
}

export function keysPage(v: KeysView): string {
  const { client } = v;
  const keys = [...v.keys].sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.createdAt.localeCompare(a.createdAt));
  return page(
    'API keys',
    html`<h1>API keys</h1>
<p class="lead">Send a key as <code>Authorization: Bearer &lt;key&gt;</code>. A key works until you revoke it.</p>
${client.blocked ? blockedNotice() : ''}
${v.message ? notice(v.message.kind, v.message.text, v.message.kind === 'error' ? 'alert' : 'status') : ''}
${v.issued ? issuedPanel(v.issued) : ''}
<section class="card" aria-labelledby="issue-h">
  <h2 id="issue-h">Issue a new key</h2>
  ${
    client.blocked
      ? html`<p class="muted">A blocked account cannot issue keys.</p>`
      : html`<form method="post" action="/account/keys">
    <input type="hidden" name="_csrf" value="${v.csrfToken}">
    <div class="row">
      <div class="field">
        <label for="label">Label</label>
        <input id="label" name="label" type="text" maxlength="200" required value="${v.label ?? ''}" aria-describedby="label-hint" placeholder="e.g. mobile app, production">
      </div>
      <button type="submit" class="btn">Issue key</button>
    </div>
    <p class="hint" id="label-hint">A name to tell your keys apart.</p>
  </form>`
  }
</section>
<section class="card" aria-labelledby="list-h">
  <h2 id="list-h">Your keys</h2>
  ${
    keys.length === 0
      ? html`<p class="muted">No keys yet.</p>`
      : html`<table class="keys">
    <thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>${keys.map(keyRow)}</tbody>
  </table>`
  }
</section>`,
    { signedIn: { name: client.name, csrfToken: v.csrfToken }, active: 'keys' },
  );
}

export function revokePage(client: ClientRecord, csrfToken: string, key: KeyRecord): string {
  return page(
    'Revoke key',
    html`<h1>Revoke key “${key.label || 'unnamed'}”?</h1>
<div class="card">
  <p>Key <code>${key.id}</code>, created ${formatTime(key.createdAt)}${key.lastUsedAt ? `, last used ${formatTime(key.lastUsedAt)}` : ', never used'}.</p>
  <p>Every request made with it from now on gets <strong>401 Unauthorized</strong>. This cannot be undone.</p>
  <form method="post" action="/account/keys/${encodeURIComponent(key.id)}/revoke">
    <input type="hidden" name="_csrf" value="${csrfToken}">
    <div class="actions">
      <button type="submit" class="btn btn-danger">Revoke key</button>
      <a class="btn btn-quiet" href="/account/keys">Cancel</a>
    </div>
  </form>
</div>`,
    { signedIn: { name: client.name, csrfToken }, active: 'keys' },
  );
}
