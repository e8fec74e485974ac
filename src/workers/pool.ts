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
