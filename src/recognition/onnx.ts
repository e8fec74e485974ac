// The only module that imports onnxruntime: everything else talks to models through this.
import * as ort from 'onnxruntime-node';

export interface OnnxModel {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /** Runs the model on one float32 NCHW input and returns the first output. */
  run(data: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
}

export async function loadOnnxModel(path: string, threads: number): Promise<OnnxModel> {
  const session = await ort.InferenceSession.create(path, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // A memory pattern is planned, and kept, per input shape; every photo brings new detector and
    // recogniser shapes, so the patterns only pile up (peak RSS over meters-dev 554-564 MiB without
    // them, 684-713 MiB with, at the same speed).
    enableMemPattern: false,
    // Idle pool threads sleep instead of spinning: the cores are shared with other workers and
    // requests, and a spinning thread takes CPU the busy ones need.
    extra: { session: { 'intra_op.allow_spinning': '0' } },
  });
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  return {
    inputNames: session.inputNames,
    outputNames: session.outputNames,
    async run(data, dims) {
      const feeds = { [inputName]: new ort.Tensor('float32', data, dims as number[]) };
      const out = await session.run(feeds);
      const t = out[outputName];
      return { data: t.data as Float32Array, dims: t.dims };
    },
  };
}
