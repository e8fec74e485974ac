// Runs a list of independent inputs through one model on several threads: this thread's session
// plus single-threaded copies in worker threads (see onnx-lane.ts), each input on one lane.
import { Worker } from 'node:worker_threads';
import { loadOnnxModel, type OnnxModel } from './onnx.js';
import type { LaneJob, LaneReply } from './onnx-lane.js';

export interface ModelInput {
  data: Float32Array;
  dims: readonly number[];
}
export type ModelOutput = { data: Float32Array; dims: readonly number[] };

export interface LanedModel {
  /**
   * Outputs in input order. `cost` estimates each input's work (its size will do). `offThread`: the
   * caller has work of its own meanwhile, so the inputs go to the helper lanes only (when there are
   * any): a run on this thread's session holds this thread until it ends.
   */
  runAll(inputs: ModelInput[], cost: (input: ModelInput) => number, offThread?: boolean): Promise<ModelOutput[]>;
}

class Lane {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (o: ModelOutput[]) => void; reject: (e: Error) => void }>();
  broken: Error | null = null;

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: LaneReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.outputs);
    });
    const fail = (err: Error) => {
      this.broken ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`model lane exited with code ${code}`)));
    // An idle lane never keeps a process (a CLI, a bench) alive; a busy one does (see run).
    worker.unref();
  }

  static async start(path: string): Promise<Lane> {
    const worker = new Worker(new URL('./onnx-lane.js', import.meta.url), { workerData: { path } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return new Lane(worker);
  }

  run(inputs: ModelInput[]): Promise<ModelOutput[]> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    const job: LaneJob = { id, inputs };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      // Copies: the caller may still need its tensors, and they are small.
      this.worker.postMessage(job);
    });
  }
}

/**
 * `lanes` threads in all: 1 runs everything here; n > 1 adds n - 1 worker threads. Each lane's
 * session has one intra-op thread (small inputs gain nothing from more).
 */
export async function loadLanedModel(path: string, lanes: number): Promise<LanedModel> {
  const local: OnnxModel = await loadOnnxModel(path, 1);
  const helpers = await Promise.all(Array.from({ length: Math.max(0, lanes - 1) }, () => Lane.start(path)));
  return {
    async runAll(inputs, cost, offThread = false) {
      const live = helpers.filter((h) => !h.broken);
      // Longest first, each to the least loaded lane (lane 0 is this thread).
      const shares: number[][] = Array.from({ length: live.length + 1 }, () => []);
      const load = new Array<number>(shares.length).fill(0);
      if (offThread && live.length > 0) load[0] = Infinity;
      const order = inputs.map((_, i) => i).sort((a, b) => cost(inputs[b]) - cost(inputs[a]));
      for (const i of order) {
        const k = load.indexOf(Math.min(...load));
        shares[k].push(i);
        load[k] += cost(inputs[i]);
      }
      // Helpers get their work before this thread blocks on its own share.
      const away = live.map((h, k) => h.run(shares[k + 1].map((i) => inputs[i])));
      const outputs: ModelOutput[] = new Array(inputs.length);
      for (const i of shares[0]) outputs[i] = await local.run(inputs[i].data, inputs[i].dims);
      const back = await Promise.all(away);
      back.forEach((outs, k) => outs.forEach((o, j) => (outputs[shares[k + 1][j]] = o)));
      return outputs;
    },
  };
}
