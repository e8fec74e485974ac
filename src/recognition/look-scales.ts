// Detector scales of the looks at a row: a meter photographed from afar shows its counter row small,
// and the detector boxes digits badly under about CLOSE_PITCH pixels apart (a far PAFAL's row boxed
// as `0134`, a water row with a frame edge read as a leading `1`); a coarser look at such a photo
// sees them smaller still, and loses strokes (a `1` read as a `0` by the OCR and the CNN alike).

/** Digit pitch, in detector pixels, under which a read row is looked at closer. */
const CLOSE_PITCH = 26;
/** The pitch, in detector pixels, the closer look brings the row to, enlarging the working image at most MAX_CLOSER times. */
const TARGET_PITCH = 64;
const MAX_CLOSER = 2;
/** Digit pitch, in detector pixels, under which a row the coarser look found is refused. */
const MIN_COARSE_PITCH = 15;

/** The detector's scale of a working image of longest side `side`, detected at `detSide` at most. */
export function detectorScale(side: number, detSide: number): number {
  return Math.min(1, detSide / side);
}

/**
 * The scale of the working image at which a row `pitch` pixels apart (working pixels) that the
 * detector saw at `detScale` is looked at closer: its digits TARGET_PITCH apart, enlarged at most
 * MAX_CLOSER times; null for a row the detector saw large enough.
 */
export function closerScale(pitch: number, detScale: number): number | null {
  return pitch * detScale < CLOSE_PITCH ? Math.min(MAX_CLOSER, TARGET_PITCH / pitch) : null;
}

/** Whether a row `pitch` working pixels apart, found by a look detecting at `scale`, was seen too small to stand. */
export function tooSmallForCoarse(pitch: number, scale: number): boolean {
  return pitch * scale < MIN_COARSE_PITCH;
}
