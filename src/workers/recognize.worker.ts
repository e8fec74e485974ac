// Runs inside a piscina worker thread: models load once per thread, then each task is one photo.
import { workerData } from 'node:worker_threads';
import { createRecognizer } from '../recognition/pipeline.js';
import type { RecognitionOutcome, RecognizerOptions } from '../recognition/types.js';

const recognizer = await createRecognizer((workerData as { recognizer: RecognizerOptions }).recognizer);

export type RecognizeTask = { image: Uint8Array } | { warmup: true };

export default async function recognize(task: RecognizeTask): Promise<RecognitionOutcome | 'ready'> {
  if ('warmup' in task) return 'ready';
  return recognizer.recognize(task.image);
}
