import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { openApiDocument } from '../openapi.js';

export async function healthRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { store, recognition, metrics } = opts.services;

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const models = recognition.isReady;
    const storeOk = await store.ping().then(
      () => true,
      () => false,
    );
    if (!models || !storeOk) {
      reply.code(503);
      return { error: 'Service unavailable', models, store: storeOk };
    }
    return { status: 'ready', models, store: storeOk };
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return metrics.render();
  });

  app.get('/openapi.json', async () => openApiDocument);
}
