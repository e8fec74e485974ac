import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import type { RecognitionOutcome, RecognizerOptions } from '../recognition/types.js';

export class PoolBusyError extends Error {
  constructor() {
    super('recognition queue is full');
  }
}

export class PoolTimeoutError extends Error {
  constructor(ms: number) {
    super(`recognition took longer than ${ms} ms`);
  }
}

export interface PoolOptions {
  workers: number;
  /** Tasks allowed to wait when every worker is busy; beyond that, PoolBusyError. */
  queueLimit: number;
  timeoutMs: number;
  recognizer: RecognizerOptions;
}

/**
 * Old-space room (MiB) each worker's V8 heap starts with. From V8's default of about 20 MiB, the
 * objects a photo's analysis keeps past a scavenge filled it about twice a photo, and each full
 * mark-compact paused the analysis, though the live heap stays under 10 MiB. With 64 MiB, one runs
 * every few photos: over HTTP, the dev photos' p50 fell from 291 to 246 ms on a 2-core VM (medians
 * of four and five runs in turn), for about 60 MiB more RSS.
 */
const WORKER_OLD_SPACE_MB = 64;

/** Bounded pool of recognition worker threads with per-task time-outs. */
export class RecognitionPool {
  private readonly pool: Piscina;
  private ready = false;
  /** Photos being recognised now (at most one per worker). */
  private running = 0;
  /**
   * Photos waiting for a free worker, first come first served. The wait happens here rather than in
   * piscina's own queue, which does not keep submission order: under steady load a queued photo could
   * wait behind every later one.
   */
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly opts: PoolOptions) {
    // V8 flags are process-wide and read when an isolate is made: set before piscina starts its threads.
    setFlagsFromString(`--initial-old-space-size=${WORKER_OLD_SPACE_MB}`);
    this.pool = new Piscina({
      filename: new URL('./recognize.worker.js', import.meta.url).href,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      maxQueue: Math.max(1, opts.workers),
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { recognizer: opts.recognizer },
    });
    // A worker that dies (e.g. terminated on time-out) is replaced by piscina; nothing to crash here.
    this.pool.on('error', () => {});
  }

  /** Loads the models in every worker thread; resolves when all are ready. */
  async warmup(): Promise<void> {
    await Promise.all(Array.from({ length: this.opts.workers }, () => this.pool.run({ warmup: true })));
    this.ready = true;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Photos waiting for a free worker. */
  get queueDepth(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  async recognize(image: Uint8Array): Promise<RecognitionOutcome> {
    if (this.running >= this.opts.workers) {
      if (this.waiting.length >= this.opts.queueLimit) throw new PoolBusyError();
      // The finishing task hands its slot over directly, so `running` never exceeds the worker count.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), this.opts.timeoutMs);
    try {
      return (await this.pool.run({ image }, { signal: ac.signal })) as RecognitionOutcome;
    } catch (err) {
      if (ac.signal.aborted) throw new PoolTimeoutError(this.opts.timeoutMs);
      throw err;
    } finally {
      clearTimeout(timer);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
