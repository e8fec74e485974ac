import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import type { ClientRecord, SessionRecord } from '../store/index.js';
import { ClientError } from '../clients/clients.js';
import { AccountSessions } from './sessions.js';
import { SignIn } from './sign-in.js';
import { readCookie, serializeCookie } from './cookies.js';
import { isCrossSite, isHttps, newCsrfToken, publicBaseUrl, setSecurityHeaders, tokensMatch } from './security.js';
import { acceptUrlencodedForms, formField } from './form-body.js';
import { STYLESHEET, SCRIPT } from './assets.js';
import { lastDays } from './chart.js';
import { signInPage } from './pages/sign-in.js';
import { overviewPage } from './pages/overview.js';
import { keysPage, revokePage } from './pages/keys.js';
import { errorPage } from './pages/error.js';

export const SESSION_COOKIE = 'meter_session';
export const SIGN_IN_CSRF_COOKIE = 'meter_signin_csrf';
const SIGN_IN_CSRF_MAX_AGE_S = 24 * 3600;
const WRONG = 'Wrong email or password.';

interface Account {
  session: SessionRecord;
  client: ClientRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
  }
}

/** The personal account area under /account: server-rendered pages, cookie sessions kept in the store. */
export async function accountRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  await app.register(accountArea, { prefix: '/account', services: opts.services });
}

async function accountArea(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { config, store, clients, quota } = opts.services;
  const sessions = new AccountSessions(store, config.SESSION_TTL_HOURS * 3_600_000);
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const signIn = new SignIn(store, {
    windowMs,
    maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
  });

  acceptUrlencodedForms(app);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply, request.url.startsWith('/account/assets/'));
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);
  const cookie = (request: FastifyRequest, name: string, value: string, maxAgeSeconds: number) =>
    serializeCookie(name, value, { maxAgeSeconds, secure: isHttps(request) });

  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413) return html(reply, 413, errorPage('Too large', 'The form was larger than this page accepts.'));
    if (status >= 400 && status < 500) return html(reply, 400, errorPage('Bad request', 'The request could not be understood.'));
    request.log.error({ err }, 'account page failed');
    return html(reply, 500, errorPage('Something went wrong', 'Please try again in a moment.'));
  });
  app.setNotFoundHandler((_request, reply) => html(reply, 404, errorPage('Not found', 'There is no such page.')));

  app.get('/assets/account.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(STYLESHEET));
  app.get('/assets/account.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));

  const loadAccount = async (request: FastifyRequest): Promise<Account | null> => {
    const session = await sessions.find(readCookie(request.headers.cookie, SESSION_COOKIE));
    if (!session) return null;
    const client = await store.getClient(session.clientId);
    return client ? { session, client } : null;
  };

  const requireAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    request.account = await loadAccount(request);
    if (request.account) return;
    const hadCookie = readCookie(request.headers.cookie, SESSION_COOKIE) !== undefined;
    if (hadCookie) reply.header('set-cookie', cookie(request, SESSION_COOKIE, '', 0));
    return reply.redirect(hadCookie ? '/account/sign-in?expired=1' : '/account/sign-in', 303);
  };

  const requireCsrf = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isCrossSite(request) || !tokensMatch(request.account?.session.csrfToken, formField(request.body, '_csrf'))) {
      return html(reply, 403, errorPage('Form expired', 'This form has expired or did not come from this site. Go back, reload the page and try again.'));
    }
  };

  const renderSignIn = (request: FastifyRequest, reply: FastifyReply, status: number, v: { email?: string; error?: string; info?: string }) => {
    // Sign-in has no session yet: its CSRF token is a double-submit cookie, reused while it lasts.
    const existing = readCookie(request.headers.cookie, SIGN_IN_CSRF_COOKIE);
    const token = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newCsrfToken();
    reply.header('set-cookie', cookie(request, SIGN_IN_CSRF_COOKIE, token, SIGN_IN_CSRF_MAX_AGE_S));
    return html(reply, status, signInPage({ csrfToken: token, ...v }));
  };

  app.get('/', async (request, reply) =>
    reply.redirect((await loadAccount(request)) ? '/account/overview' : '/account/sign-in', 303),
  );

  app.get('/sign-in', async (request, reply) => {
    if (await loadAccount(request)) return reply.redirect('/account/overview', 303);
    const q = request.query as Record<string, string | undefined>;
    const info = q['signed-out'] !== undefined ? 'You have signed out.' : undefined;
    const error = q.expired !== undefined ? 'Your session has ended. Please sign in again.' : undefined;
    return renderSignIn(request, reply, 200, { info, error });
  });

  app.post('/sign-in', async (request, reply) => {
    const email = formField(request.body, 'email');
    const csrfCookie = readCookie(request.headers.cookie, SIGN_IN_CSRF_COOKIE);
    if (isCrossSite(request) || !tokensMatch(csrfCookie, formField(request.body, '_csrf'))) {
      return renderSignIn(request, reply, 403, { email, error: 'The sign-in form expired. Please try again.' });
    }
    await sessions.sweep();
    const outcome = await signIn.attempt(email, formField(request.body, 'password'), request.ip);
    if (!outcome.ok && outcome.reason === 'throttled') {
      reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
      const minutes = config.LOGIN_WINDOW_MINUTES;
      return renderSignIn(request, reply, 429, {
        email,
        error: `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      });
    }
    if (!outcome.ok) return renderSignIn(request, reply, 401, { email, error: WRONG });
    // A fresh session id at every sign-in: an id planted before sign-in is never promoted.
    await sessions.end(readCookie(request.headers.cookie, SESSION_COOKIE));
    const { id } = await sessions.create(outcome.client.id);
    reply.header('set-cookie', [
      cookie(request, SESSION_COOKIE, id, sessions.ttlMs / 1000),
      cookie(request, SIGN_IN_CSRF_COOKIE, '', 0),
    ]);
    return reply.redirect('/account/overview', 303);
  });

  app.post('/sign-out', { preHandler: [requireAccount, requireCsrf] }, async (request, reply) => {
    await sessions.end(readCookie(request.headers.cookie, SESSION_COOKIE));
    reply.header('set-cookie', cookie(request, SESSION_COOKIE, '', 0));
    return reply.redirect('/account/sign-in?signed-out', 303);
  });

  app.get('/overview', { preHandler: requireAccount }, async (request, reply) => {
    const { client, session } = request.account!;
    const now = new Date();
    const days = lastDays([], now);
    const [usage, keys] = await Promise.all([store.usageByDay(client.id, days[0].day), store.listKeys(client.id)]);
    return html(
      reply,
      200,
      overviewPage({ client, csrfToken: session.csrfToken, quota: quota.status(client), usage: lastDays(usage, now), keys }),
    );
  });

  app.get('/keys', { preHandler: requireAccount }, async (request, reply) => {
    const { client, session } = request.account!;
    const keys = await store.listKeys(client.id);
    const revokedId = (request.query as Record<string, string | undefined>).revoked;
    const revoked = revokedId ? keys.find((k) => k.id === revokedId && k.revokedAt !== null) : undefined;
    const message = revoked
      ? { kind: 'ok' as const, text: `Key “${revoked.label || revoked.id}” revoked. Requests with it now get 401 Unauthorized.` }
      : undefined;
    return html(reply, 200, keysPage({ client, csrfToken: session.csrfToken, keys, message }));
  });

  app.post('/keys', { preHandler: [requireAccount, requireCsrf] }, async (request, reply) => {
    const { client, session } = request.account!;
    const label = formField(request.body, 'label').trim();
    const view = async (status: number, text: string) =>
      html(reply, status, keysPage({ client, csrfToken: session.csrfToken, keys: await store.listKeys(client.id), label, message: { kind: 'error', text } }));
    if (client.blocked) return view(403, 'This account is blocked: no new keys can be issued.');
    if (!label) return view(400, 'Give the key a label.');
    if (label.length > 200) return view(400, 'The label must be at most 200 characters.');
    try {
      const issued = await clients.issueKey(client.id, label);
      const keys = await store.listKeys(client.id);
      return html(
        reply,
        200,
        keysPage({ client, csrfToken: session.csrfToken, keys, issued: { label: issued.label, token: issued.token, baseUrl: publicBaseUrl(request) } }),
      );
    } catch (err) {
      if (err instanceof ClientError && err.code === 'blocked') return view(403, 'This account is blocked: no new keys can be issued.');
      throw err;
    }
  });

  const ownKey = async (request: FastifyRequest) => {
    const key = await store.getKey((request.params as { id: string }).id);
    return key && key.clientId === request.account!.client.id ? key : undefined;
  };

  app.get('/keys/:id/revoke', { preHandler: requireAccount }, async (request, reply) => {
    const key = await ownKey(request);
    if (!key) return html(reply, 404, errorPage('Not found', 'There is no such key.'));
    if (key.revokedAt) return reply.redirect('/account/keys', 303);
    const { client, session } = request.account!;
    return html(reply, 200, revokePage(client, session.csrfToken, key));
  });

  app.post('/keys/:id/revoke', { preHandler: [requireAccount, requireCsrf] }, async (request, reply) => {
    const key = await ownKey(request);
    if (!key) return html(reply, 404, errorPage('Not found', 'There is no such key.'));
    await clients.revokeKey(key.id, request.account!.client.id);
    return reply.redirect(`/account/keys?revoked=${encodeURIComponent(key.id)}`, 303);
  });
}
