// A photo seen at a slant (the phone held below and to one side of the meter), for the accuracy
// bench's `--degrade perspective`: a projective warp of raw RGB pixels, the space it uncovers grey.

export type Point = [number, number];

/**
 * The 3x3 homography (row-major, h33 = 1) taking each of the four points `from` to the one at the
 * same index in `to`.
 */
export function homography(from: Point[], to: Point[]): number[] {
  // Two equations per point pair in h11..h32: solved by Gauss-Jordan with partial pivoting.
  const a: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k];
    const [u, v] = to[k];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    if (Math.abs(a[p][c]) < 1e-12) throw new Error('degenerate point set');
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

export function applyHomography(h: number[], [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/**
 * The image as a camera below and left of it sees it: the top edge `shrink` of the width narrower
 * than the bottom, the right edge that share shorter than the left. Same size; uncovered pixels grey.
 */
export function slanted(data: Uint8Array, width: number, height: number, shrink: number): Uint8Array {
  const [w, h] = [width, height];
  const corners: Point[] = [[0, 0], [w, 0], [w, h], [0, h]];
  const seen: Point[] = [
    [(shrink / 2) * w, 0],
    [(1 - shrink / 2) * w, (shrink / 2) * h],
    [w, (1 - shrink / 2) * h],
    [0, h],
  ];
  // Each output pixel is looked up in the photo: the inverse map, output -> input.
  const back = homography(seen, corners);
  const out = new Uint8Array(w * h * 3).fill(128);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const [x, y] = applyHomography(back, [i + 0.5, j + 0.5]);
      const x0 = Math.floor(x - 0.5);
      const y0 = Math.floor(y - 0.5);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = x - 0.5 - x0;
      const fy = y - 0.5 - y0;
      const a = (y0 * w + x0) * 3;
      const c = a + w * 3;
      const o = (j * w + i) * 3;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k] + (data[a + 3 + k] - data[a + k]) * fx;
        const bot = data[c + k] + (data[c + 3 + k] - data[c + k]) * fx;
        out[o + k] = top + (bot - top) * fy + 0.5;
      }
    }
  }
  return out;
}
