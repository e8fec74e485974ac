import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Services } from '../services.js';
import { ERRORS, HttpError, type ErrorCode } from './errors.js';
import { analyzeRoutes } from './routes/analyze.js';
import { healthRoutes } from './routes/health.js';
import { accountRoutes } from '../account/routes.js';

/** The longest a client may take to send one request (slow uploads are cut off after this). */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface AppOptions {
  https?: { cert: Buffer; key: Buffer };
  logger?: FastifyServerOptions['logger'];
}

/** Maps whatever was thrown to one row of the error table; internals never reach the client. */
function toErrorCode(err: FastifyError | Error): ErrorCode {
  if (err instanceof HttpError) return err.code;
  const e = err as FastifyError;
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'too_large';
  const status = e.statusCode ?? 500;
  if (status === 413) return 'too_large';
  if (status >= 400 && status < 500) return 'no_file';
  return 'internal';
}

/** Builds the application without listening: server.ts listens, tests use it too. */
export async function buildApp(services: Services, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: services.config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    https: opts.https ?? null,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS + 10_000,
    keepAliveTimeout: 65_000,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    trustProxy: services.config.TRUST_PROXY,
  } as FastifyServerOptions) as unknown as FastifyInstance;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    services.metrics.countRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const code = toErrorCode(err);
    const { status, message } = ERRORS[code];
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code, reason: err.message }, 'request refused');
    // An upload refused part-way must not keep the connection busy draining the rest.
    if (code === 'too_large') reply.header('connection', 'close');
    reply.code(status).send({ error: message });
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ error: ERRORS.not_found.message });
  });

  await app.register(healthRoutes, { services });
  await app.register(analyzeRoutes, { services });
  await app.register(accountRoutes, { services });
  return app;
}
