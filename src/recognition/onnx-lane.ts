// A worker thread holding its own single-threaded copy of a model: onnxruntime-node runs a
// session synchronously on the calling thread, so many small inputs (text-line crops) only use
// a second core when a second thread runs some of them.
import { parentPort, workerData } from 'node:worker_threads';
import { loadOnnxModel } from './onnx.js';
import type { ModelInput, ModelOutput } from './onnx-lanes.js';

export interface LaneJob {
  id: number;
  inputs: ModelInput[];
}

export type LaneReply = { id: number; outputs: ModelOutput[] } | { id: number; error: string };

const model = await loadOnnxModel((workerData as { path: string }).path, 1);
parentPort!.postMessage('ready');
parentPort!.on('message', async (job: LaneJob) => {
  try {
    const outputs = [];
    for (const input of job.inputs) outputs.push(await model.run(input.data, input.dims));
    parentPort!.postMessage({ id: job.id, outputs } satisfies LaneReply, outputs.map((o) => o.data.buffer as ArrayBuffer));
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message } satisfies LaneReply);
  }
});
