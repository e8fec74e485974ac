// The labels.csv of a labelled photo folder (meters-dev's format), shared by the accuracy benches.
import { readFileSync } from 'node:fs';

export interface Label {
  file: string;
  reading: string;
  type: string;
  serial: string;
  tariff: string;
}

/** RFC 4180-style CSV: quoted fields, doubled quotes, CRLF or LF; blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows.filter((r) => r.some((c) => c !== ''));
}

export function loadLabels(csvPath: string): Label[] {
  const [head, ...rows] = parseCsv(readFileSync(csvPath, 'utf8'));
  const col = (name: string) => head.indexOf(name);
  return rows.map((r) => ({
    file: r[col('file')],
    reading: r[col('reading')] ?? '',
    type: r[col('meter_type')] ?? '',
    serial: r[col('serial')] ?? '',
    tariff: r[col('tariff_count')] ?? '',
  }));
}
