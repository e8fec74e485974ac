// Greedy CTC decoding of the recogniser's per-timestep softmax output.

export interface CtcResult {
  text: string;
  /** Mean of the per-character probabilities (0 when empty). */
  score: number;
  charScores: number[];
  /** Timestep at which each character peaked (its position along the crop). */
  charSteps: number[];
  /** Number of timesteps in the sequence. */
  steps: number;
}

/** Above half (with room for float rounding), no other class of a softmax row can beat the blank. */
const BLANK_SURE = 0.51;

/**
 * Decodes one sequence: argmax per timestep, merge repeats, drop blanks (class 0).
 * `probs` holds `steps * classes` values starting at `offset`; class i > 0 is `charset[i - 1]`.
 */
export function ctcGreedy(probs: Float32Array, offset: number, steps: number, classes: number, charset: readonly string[]): CtcResult {
  let text = '';
  const charScores: number[] = [];
  const charSteps: number[] = [];
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base];
    // Softmax rows sum to 1: a blank above BLANK_SURE is the argmax (most timesteps are blank).
    if (bestP > BLANK_SURE) {
      prev = 0;
      continue;
    }
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c];
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += charset[best - 1] ?? '';
      charScores.push(bestP);
      charSteps.push(t);
    } else if (best !== 0 && best === prev && bestP > charScores[charScores.length - 1]) {
      charScores[charScores.length - 1] = bestP;
    }
    prev = best;
  }
  const score = charScores.length ? charScores.reduce((a, b) => a + b, 0) / charScores.length : 0;
  return { text, score, charScores, charSteps, steps };
}

/**
 * Where character `i` of a recognised crop lies along the rectangle it was cut from (`width` long):
 * its CTC peak's distance from the rectangle's centre, in the same units as `width`. `cropWidth` is
 * the crop's width as fed to the network, `inputWidth` the padded width its timesteps span.
 */
export function charOffset(rec: Pick<CtcResult, 'charSteps' | 'steps'> & { cropWidth: number; inputWidth: number }, i: number, width: number): number {
  const pxPerStep = rec.inputWidth / Math.max(1, rec.steps);
  return (((rec.charSteps[i] + 0.5) * pxPerStep) / rec.cropWidth - 0.5) * width;
}
