import { html, type SafeHtml } from './html.js';

export type NavItem = 'overview' | 'keys';

export interface PageContext {
  /** Present when signed in: shows the navigation and the sign-out form. */
  signedIn?: { name: string; csrfToken: string };
  active?: NavItem;
}

const navLink = (href: string, label: string, current: boolean) =>
  html`<li><a href="${href}"${current ? html` aria-current="page"` : ''}>${label}</a></li>`;

export function page(title: string, body: SafeHtml, ctx: PageContext = {}): string {
  const s = ctx.signedIn;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · Meter reader account</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/account/assets/account.css">
<script src="/account/assets/account.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="topbar">
  <div class="topbar-inner">
    <a class="brand" href="/account">Meter reader <span>account</span></a>
    ${
      s
        ? html`<nav aria-label="Account">
      <ul class="nav">
        ${navLink('/account/overview', 'Overview', ctx.active === 'overview')}
        ${navLink('/account/keys', 'API keys', ctx.active === 'keys')}
        <li><form method="post" action="/account/sign-out">
          <input type="hidden" name="_csrf" value="${s.csrfToken}">
          <button type="submit" class="btn btn-link">Sign out</button>
        </form></li>
      </ul>
    </nav>`
        : ''
    }
  </div>
</header>
<main id="main">
${body}
</main>
</body>
</html>
`.value;
}

export const notice = (kind: 'error' | 'ok' | 'warn', content: SafeHtml | string, role: 'alert' | 'status' = 'status') =>
  html`<div class="notice notice-${kind}" role="${role}">${content}</div>`;
