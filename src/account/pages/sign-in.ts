import { html } from '../html.js';
import { notice, page } from '../layout.js';

export interface SignInView {
  csrfToken: string;
  email?: string;
  error?: string;
  info?: string;
}

export function signInPage(v: SignInView): string {
  return page(
    'Sign in',
    html`<div class="auth">
  <div class="card">
    <h1>Sign in</h1>
    <p class="lead">Manage your API keys and see your usage.</p>
    ${v.error ? notice('error', v.error, 'alert') : ''}
    ${v.info ? notice('ok', v.info) : ''}
    <form method="post" action="/account/sign-in" novalidate>
      <input type="hidden" name="_csrf" value="${v.csrfToken}">
      <div class="field">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${v.email ?? ''}"${v.email ? '' : html` autofocus`}>
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required${v.email ? html` autofocus` : ''}>
      </div>
      <button type="submit" class="btn">Sign in</button>
    </form>
  </div>
  <p class="small muted">No account or forgot your password? Ask the operator of this service.</p>
</div>`,
  );
}
