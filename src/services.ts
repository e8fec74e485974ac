import { hostname } from 'node:os';
import type { Config } from './config/config.js';
import { openStore, type Store } from './store/index.js';
import { TokenSigner, newSecret } from './auth/tokens.js';
import { Authenticator } from './auth/authenticate.js';
import { ClientService } from './clients/clients.js';
import { QuotaService } from './quota/quota.js';
import { RecognitionPool } from './workers/pool.js';
import type { RecognitionOutcome } from './recognition/types.js';
import { Metrics } from './http/metrics.js';
import { newId } from './util/ids.js';

/** What the HTTP layer needs from recognition; the worker pool is the real one. */
export interface RecognitionService {
  recognize(image: Uint8Array): Promise<RecognitionOutcome>;
  warmup(): Promise<void>;
  readonly isReady: boolean;
  readonly queueDepth: number;
  readonly active: number;
  close(): Promise<void>;
}

/** Every service, built once and injected as one object. */
export interface Services {
  config: Config;
  nodeId: string;
  store: Store;
  signer: TokenSigner;
  auth: Authenticator;
  clients: ClientService;
  quota: QuotaService;
  recognition: RecognitionService;
  metrics: Metrics;
}

/** Store-backed services only (the admin CLI needs no recognition). */
export async function createCoreServices(config: Config): Promise<Omit<Services, 'recognition' | 'metrics'>> {
  const store = openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await store.migrate();
    // Without JWT_SECRET, all nodes share one secret generated once and kept in the store.
    const secret = config.JWT_SECRET ?? (await store.ensureSetting('jwt_secret', newSecret));
    const signer = new TokenSigner(secret);
    const nodeId = `${hostname()}-${process.pid}-${newId('n').slice(2, 8)}`;
    return {
      config,
      nodeId,
      store,
      signer,
      auth: new Authenticator(store, signer),
      clients: new ClientService(store, signer),
      quota: new QuotaService(store, nodeId),
    };
  } catch (err) {
    await store.close().catch(() => {});
    throw err;
  }
}

export async function createServices(
  config: Config,
  recognition?: RecognitionService,
): Promise<Services> {
  const core = await createCoreServices(config);
  const rec =
    recognition ??
    new RecognitionPool({
      workers: config.WORKERS,
      queueLimit: config.QUEUE_LIMIT,
      timeoutMs: config.RECOGNITION_TIMEOUT_MS,
      recognizer: { modelsDir: config.MODELS_DIR, threads: config.OCR_THREADS, maxPixels: config.MAX_IMAGE_PIXELS },
    });
  const metrics = new Metrics({ queueDepth: () => rec.queueDepth, activeRecognitions: () => rec.active });
  return { ...core, recognition: rec, metrics };
}
