import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Services } from '../../services.js';
import { HttpError, NO_VALID_PHOTO } from '../errors.js';
import { multipartLimits, readImageField } from '../image-upload.js';
import { PoolBusyError } from '../../workers/pool.js';
import type { Reservation } from '../../quota/quota.js';

declare module 'fastify' {
  interface FastifyRequest {
    reservation: Reservation | null;
  }
}

/**
 * POST /api/meters/analyze. Check order: 401 (key), 403 (blocked), 402 (quota) in onRequest, before a
 * byte of the body is read; then 400/413 while reading the upload; then recognition.
 */
export async function analyzeRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { auth, quota, recognition, metrics } = opts.services;

  // Only multipart bodies are parsed; anything else reaches the handler unread and gets 400.
  app.removeAllContentTypeParsers();
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  app.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
  app.decorateRequest('reservation', null);

  const settle = async (request: FastifyRequest) => {
    const r = request.reservation;
    if (r && !r.settled) await quota.release(r).catch((err) => request.log.error({ err }, 'quota release failed'));
  };
  // Any response other than a 200 gives the reserved unit back, and so does a client that hangs up
  // before its answer is written (it never receives a 200, so it is not charged).
  app.addHook('onResponse', settle);

  app.post(
    '/api/meters/analyze',
    {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const outcome = await auth.authenticate(request.headers.authorization);
        if (!outcome.ok) throw new HttpError(outcome.code);
        request.reservation = await quota.reserve(outcome.client);
        if (!request.reservation) throw new HttpError('payment_required');
        // A client that hung up while the checks above awaited the store has already fired 'close':
        // give the unit back now and stop (the answer reaches no one).
        if (reply.raw.closed) {
          await settle(request);
          throw new HttpError('no_file');
        }
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) void settle(request);
        });
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const image = await readImageField(request);
      const started = performance.now();
      let outcome;
      try {
        outcome = await recognition.recognize(image);
      } catch (err) {
        if (err instanceof PoolBusyError) {
          reply.header('retry-after', '1');
          throw new HttpError('busy'); // refused before any work: not a recognition to time
        }
        metrics.observeRecognition((performance.now() - started) / 1000, 'error');
        throw err;
      }
      metrics.observeRecognition((performance.now() - started) / 1000, outcome.kind);
      if (outcome.kind === 'bad_image') throw new HttpError('no_file');
      await quota.commit(request.reservation!);
      if (outcome.kind === 'no_meter') return { success: false, error: NO_VALID_PHOTO };
      return { success: true, meter: outcome.meter };
    },
  );
}
