// The detector's box around a nameplate number can clip its first or last character ("12-1533308"
// boxed from the "2"). The serial's line is read again with wider margins; the wider reading is
// taken only when it still holds the first serial and adds characters to it.
import type { OcrLine } from './types.js';

/** Extra margin on each side of the re-read line, in line heights. */
const MARGIN = 0.6;

export interface RereadLine<R> {
  line: OcrLine;
  rect: R;
}

export type WidenAndRead<R> = (rect: R, margin: number) => Promise<{ text: string; score: number; charScores: number[] } | null>;

const alnum = (s: string) => s.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** Index of the line that holds the serial, or -1. */
export function serialLineIndex(lines: OcrLine[], serial: string): number {
  const want = alnum(serial);
  if (!want) return -1;
  return lines.findIndex((l) => alnum(l.text).includes(want));
}

/**
 * The serial re-read from a wider crop of its line, or the serial as it was. `parse` turns lines
 * into a serial (the same parser as the first pass), so markers and exclusions apply unchanged.
 */
export async function rereadSerial<R>(
  serial: string,
  lines: RereadLine<R>[],
  read: WidenAndRead<R>,
  parse: (lines: OcrLine[]) => string,
): Promise<string> {
  const j = serialLineIndex(
    lines.map((l) => l.line),
    serial,
  );
  if (j < 0) return serial;
  // Only a serial that runs up to its box's edge can have lost a character there; one preceded by
  // its marker ("No 123") is complete on that side, and a wider crop only adds noise to it.
  const before = alnum(serial);
  const lineText = alnum(lines[j].line.text);
  const touchLeft = lineText.startsWith(before);
  const touchRight = lineText.endsWith(before);
  if (!touchLeft && !touchRight) return serial;
  const wider = await read(lines[j].rect, MARGIN);
  if (!wider || !wider.text.trim()) return serial;
  const replaced = lines.map((l, i) => (i === j ? { ...l.line, text: wider.text, score: wider.score, charScores: wider.charScores } : l.line));
  const again = parse(replaced);
  const after = alnum(again);
  const at = after.indexOf(before);
  if (after.length <= before.length || at < 0) return serial;
  const grewLeft = at > 0;
  const grewRight = at + before.length < after.length;
  return (grewLeft && !touchLeft) || (grewRight && !touchRight) ? serial : again;
}
