// The accuracy bench's `--degrade` kinds: each photo made worse as a poorer camera or a harder scene
// would (see bench/accuracy.ts for what each does), returned as a JPEG.
import sharp from 'sharp';
import { slanted } from './perspective.js';
import { colourCast, COOL_GAINS, glare, grainy, SHADOW_DEPTH, shadowed, WARM_GAINS } from './camera.js';

/** `--degrade perspective`: the top edge and the right edge this share shorter (a shot from below left, about 25 degrees off). */
const SLANT = 0.2;

export const DEGRADATIONS = ['phone', 'dark', 'blur', 'small', 'jpeg', 'tilt', 'perspective', 'perspective-right', 'far', 'warm', 'cool', 'glare', 'noisy', 'shadow', 'shake', 'bright'] as const;
export type Degradation = (typeof DEGRADATIONS)[number];

/** `--degrade shake`: the streak's length is the photo's short side over this. */
const SHAKE_SHARE = 120;

/** `--degrade far`: the photo's share of the new photo's sides. */
const FAR = 0.45;
/** Longest side up to which `far` adds surroundings instead of shrinking the photo. */
const FAR_KEEPS = 1500;

/** The photo at FAR of the frame's sides, centred in a blurred, enlarged copy of itself. */
async function fartherAway(upright: Buffer, width: number, height: number): Promise<Buffer> {
  const keep = Math.max(width, height) <= FAR_KEEPS;
  const [fw, fh] = keep ? [Math.round(width / FAR), Math.round(height / FAR)] : [width, height];
  const [pw, ph] = keep ? [width, height] : [Math.round(width * FAR), Math.round(height * FAR)];
  const surroundings = await sharp(upright).resize(fw, fh, { fit: 'fill' }).blur(25).png({ compressionLevel: 1 }).toBuffer();
  const photo = await sharp(upright).resize(pw, ph).png({ compressionLevel: 1 }).toBuffer();
  return sharp(surroundings).composite([{ input: photo, left: Math.round((fw - pw) / 2), top: Math.round((fh - ph) / 2) }]).jpeg({ quality: 90 }).toBuffer();
}

/** The photo upright, turned `degrees` clockwise on grey (a hand-held shot held askew), as a JPEG. */
export async function tiltedBy(bytes: Buffer, degrees: number): Promise<Buffer> {
  const upright = await sharp(bytes).rotate().png({ compressionLevel: 1 }).toBuffer();
  return sharp(upright).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();
}

/** The photo upright, then made worse as `kind` says (see the usage in bench/accuracy.ts), as a JPEG. */
export async function degraded(bytes: Buffer, kind: Degradation): Promise<Buffer> {
  const upright = await sharp(bytes).rotate().png({ compressionLevel: 1 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  if (kind === 'dark') return sharp(upright).gamma(2.2, 1.0).linear(0.55, 0).jpeg({ quality: 80 }).toBuffer();
  if (kind === 'blur') return sharp(upright).blur(2.2).jpeg({ quality: 85 }).toBuffer();
  if (kind === 'small') return sharp(upright).resize(Math.round(width * 0.4)).jpeg({ quality: 90 }).toBuffer();
  if (kind === 'jpeg') return sharp(upright).jpeg({ quality: 50 }).toBuffer();
  if (kind === 'far') return fartherAway(upright, width, height);
  if (kind === 'tilt') return tiltedBy(upright, 8);
  if (kind === 'bright') return sharp(upright).linear(1.6, 12).jpeg({ quality: 90 }).toBuffer();
  if (kind === 'shake') {
    // A horizontal streak as long as a 120th of the short side (a hand moving during a slow shutter).
    const length = Math.max(5, Math.round(Math.min(width, height) / SHAKE_SHARE) | 1);
    // sharp's kernels are at least 3 x 3: the streak is the middle row of one.
    const kernel = [...new Array(length).fill(0), ...new Array(length).fill(1), ...new Array(length).fill(0)];
    return sharp(upright).convolve({ width: length, height: 3, kernel }).jpeg({ quality: 90 }).toBuffer();
  }
  if (kind === 'warm' || kind === 'cool' || kind === 'glare' || kind === 'noisy' || kind === 'shadow') {
    const { data, info } = await sharp(upright).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
    const short = Math.min(info.width, info.height);
    const out =
      kind === 'warm' ? colourCast(rgb, WARM_GAINS)
      : kind === 'cool' ? colourCast(rgb, COOL_GAINS)
      : kind === 'glare' ? glare(rgb, info.width, info.height, info.width * 0.6, info.height * 0.4, short * 0.25)
      : kind === 'shadow' ? shadowed(rgb, info.width, info.height, SHADOW_DEPTH)
      : grainy(rgb, 0.6, 14, info.width * 31 + info.height);
    return sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  }
  if (kind === 'perspective' || kind === 'perspective-right') {
    // From below right: the mirror image seen from below left, mirrored back.
    const right = kind === 'perspective-right';
    const { data, info } = await sharp(upright).flop(right).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const seen = slanted(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, SLANT);
    return sharp(seen, { raw: { width: info.width, height: info.height, channels: 3 } }).flop(right).jpeg({ quality: 92 }).toBuffer();
  }
  const tilted = await sharp(upright).rotate(8, { background: '#808080' }).png({ compressionLevel: 1 }).toBuffer();
  return sharp(tilted)
    .resize(Math.round(width * 0.6), Math.round(height * 0.6), { fit: 'inside' })
    .jpeg({ quality: 35 })
    .toBuffer();
}

