// Pixel-level camera faults for the accuracy bench's `--degrade warm|glare|noisy|shadow`, on raw RGB pixels
// so that each is exact and repeatable (the same photo always gets the same fault).

/** Tungsten light read by a camera set for daylight: red up, blue down (white becomes orange). */
export const WARM_GAINS: [number, number, number] = [1.12, 0.97, 0.68];
/** Cool-white fluorescent or shade light read by a camera set for tungsten: blue up, red down. */
export const COOL_GAINS: [number, number, number] = [0.72, 0.95, 1.15];

export function colourCast(rgb: Uint8Array, gains: [number, number, number]): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i++) out[i] = Math.min(255, Math.round(rgb[i] * gains[i % 3]));
  return out;
}

/**
 * A specular highlight (a lamp or the sun on the meter's glass): white added with a radial
 * falloff, full at the centre (cx, cy), gone at `radius` (all in pixels).
 */
export function glare(rgb: Uint8Array, width: number, height: number, cx: number, cy: number, radius: number, peak = 230): Uint8Array {
  const out = Uint8Array.from(rgb);
  const x0 = Math.max(0, Math.floor(cx - radius)), x1 = Math.min(width - 1, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius)), y1 = Math.min(height - 1, Math.ceil(cy + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      if (d >= 1) continue;
      const add = peak * (1 - d * d) ** 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.round(rgb[i + c] + add));
    }
  }
  return out;
}

/** A seeded generator of normal deviates (mulberry32 + Box-Muller), so noise repeats run to run. */
export function gaussian(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * A night shot at high ISO: brightness scaled by `gain`, then sensor noise of `sigma` grey levels,
 * mostly shared by the three channels (luminance grain) with a smaller colour part.
 */
export function grainy(rgb: Uint8Array, gain: number, sigma: number, seed = 1): Uint8Array {
  const next = gaussian(seed);
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const shared = next() * sigma;
    for (let c = 0; c < 3; c++) {
      const v = rgb[i + c] * gain + shared + next() * sigma * 0.4;
      out[i + c] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return out;
}

/** The brightness a shadow leaves (`--degrade shadow`, in both benches). */
export const SHADOW_DEPTH = 0.35;

/**
 * A shadow cast across the meter (a hand, the phone, a pipe): the photo's bottom left half, below the
 * diagonal from its bottom right to its top left corner, at `depth` of its brightness, with a soft edge
 * a tenth of the diagonal wide (the penumbra).
 */
export function shadowed(rgb: Uint8Array, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // 0 at the top right corner, 1 at the bottom left, 0.5 on the diagonal between the others.
      const t = ((width - 1 - x) / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      const s = Math.min(1, Math.max(0, (t - 0.45) / 0.1));
      const gain = 1 - (1 - depth) * s * s * (3 - 2 * s);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = Math.round(rgb[i + c] * gain);
    }
  }
  return out;
}
