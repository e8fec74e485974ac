// The only module that listens: config → services → app → listen, and a graceful SIGTERM.
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/config.js';
import { createServices } from './services.js';
import { buildApp, REQUEST_TIMEOUT_MS } from './http/app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const services = await createServices(config);
  const https = config.TLS_CERT && config.TLS_KEY
    ? { cert: readFileSync(config.TLS_CERT), key: readFileSync(config.TLS_KEY) }
    : undefined;
  const app = await buildApp(services, { https });

  // A unit reserved by a request that never finished (a node killed mid-request) is released once it
  // is older than any request can live.
  // The longest a request can live: its upload, a wait behind every queued photo, its own recognition.
  const waves = Math.ceil(config.QUEUE_LIMIT / config.WORKERS) + 1;
  const longestRequest = REQUEST_TIMEOUT_MS + waves * config.RECOGNITION_TIMEOUT_MS;
  const staleAfter = config.RESERVATION_STALE_MS ?? longestRequest + 60_000;
  const reconcile = () =>
    services.quota
      .reconcile(staleAfter)
      .then((n) => n > 0 && app.log.warn({ released: n }, 'released stale quota reservations'))
      .catch((err) => app.log.error({ err }, 'quota reconciliation failed'));
  const timer = setInterval(reconcile, config.RECONCILE_INTERVAL_MS);
  timer.unref();
  void reconcile();

  await app.listen({ port: config.PORT, host: config.HOST });
  services.recognition
    .warmup()
    .then(() => app.log.info('recognition models loaded'))
    .catch((err) => app.log.error({ err }, 'recognition warm-up failed'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS);
    force.unref();
    clearInterval(timer);
    try {
      await app.close();
      await services.recognition.close();
      await services.store.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
