import { html } from '../html.js';
import { page } from '../layout.js';

export function errorPage(title: string, text: string): string {
  return page(
    title,
    html`<div class="auth"><div class="card">
  <h1>${title}</h1>
  <p>${text}</p>
  <p><a href="/account">Back to your account</a></p>
</div></div>`,
  );
}
