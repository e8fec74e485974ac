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
