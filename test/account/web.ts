// A tiny cookie-keeping HTTP client for the account pages (real fetch over a real socket).
import { hashPassword } from '../../src/auth/passwords.js';
import type { TestApp } from '../helpers/app.js';

export interface Page {
  status: number;
  body: string;
  headers: Headers;
  location: string | null;
  setCookies: string[];
}

export class WebClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, init: { form?: Record<string, string>; headers?: Record<string, string>; body?: string } = {}): Promise<Page> {
    const headers: Record<string, string> = { ...this.extraHeaders, ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body: string | undefined = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const maxAge = attrs.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith('max-age='));
      if (value === '' || maxAge === 'max-age=0') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, body: await res.text(), headers: res.headers, location: res.headers.get('location'), setCookies };
  }

  get(path: string): Promise<Page> {
    return this.request('GET', path);
  }

  post(path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Page> {
    return this.request('POST', path, { form, headers });
  }

  /** Loads the sign-in form (for its CSRF token) and posts the credentials. */
  async signIn(email: string, password: string): Promise<Page> {
    const form = await this.get('/account/sign-in');
    return this.post('/account/sign-in', { _csrf: csrfOf(form.body), email, password });
  }

  /** The CSRF token of the page at `path` (any form on it). */
  async csrf(path = '/account/keys'): Promise<string> {
    return csrfOf((await this.get(path)).body);
  }
}

export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF token on the page');
  return m[1];
}

let seq = 0;
/** A client with an email and a password set the way the admin CLI sets them (scrypt hash). */
export async function accountClient(t: TestApp, opts: { quota?: number; blocked?: boolean; password?: string } = {}) {
  const password = opts.password ?? `pw-${Math.random().toString(36).slice(2)}-secret`;
  const email = `user${++seq}-${Date.now()}@example.test`;
  const c = await t.services.clients.create({
    name: `Account ${seq}`,
    email,
    passwordHash: await hashPassword(password),
    quotaLimit: opts.quota ?? 100,
    quotaPeriod: 'month',
  });
  if (opts.blocked) await t.services.clients.setBlocked(c.id, true);
  return { id: c.id, email, password };
}

/** The token shown on the page that issued it, or undefined. */
export const tokenOnPage = (html: string): string | undefined =>
  /<pre id="new-token"[^>]*>([^<]+)<\/pre>/.exec(html)?.[1];
