// Batch recognition without a server: one JSON line per file, the HTTP envelope plus file and time.
import { readFile } from 'node:fs/promises';
import { loadConfig, ConfigError } from '../config/config.js';
import { createRecognizer } from '../recognition/pipeline.js';
import { ERRORS, NO_VALID_PHOTO } from '../http/errors.js';
import { isJpegOrPng, MAX_IMAGE_BYTES } from '../http/image-upload.js';
import type { RecognitionOutcome } from '../recognition/types.js';

function envelope(outcome: RecognitionOutcome) {
  if (outcome.kind === 'meter') return { success: true, meter: outcome.meter };
  if (outcome.kind === 'no_meter') return { success: false, error: NO_VALID_PHOTO };
  return { success: false, error: ERRORS.no_file.message };
}

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length === 0) {
    console.error('usage: npm run analyze -- FILE [FILE…]');
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as ConfigError).message);
    return 1;
  }
  const recognizer = await createRecognizer({
    modelsDir: config.MODELS_DIR,
    threads: config.OCR_THREADS,
    maxPixels: config.MAX_IMAGE_PIXELS,
  });
  let failures = 0;
  for (const file of files) {
    const started = performance.now();
    let line: Record<string, unknown>;
    try {
      const bytes = await readFile(file);
      if (bytes.length > MAX_IMAGE_BYTES) line = { success: false, error: ERRORS.too_large.message };
      else if (!isJpegOrPng(bytes)) line = { success: false, error: ERRORS.no_file.message };
      else line = envelope(await recognizer.recognize(bytes));
    } catch (err) {
      failures++;
      line = { success: false, error: `cannot read file: ${(err as Error).message}` };
    }
    const ms = Math.round(performance.now() - started);
    process.stdout.write(JSON.stringify({ file, ...line, ms }) + '\n');
  }
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
