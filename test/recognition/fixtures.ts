// Synthetic test images rendered with sharp from SVG (DejaVu fonts), so tests need no data set.
import { renderSvg } from '../../src/recognition/preprocess.js';

/** A water-meter face: 5 black + 3 red drums showing `reading` (8 digits), a serial and units. */
export function waterMeterSvg(reading: string, serial: string): string {
  const cells = [...reading]
    .map((d, i) => {
      const x = 130 + i * 70;
      const bg = i < 5 ? '#1a1a1a' : '#c8102e';
      return `<rect x="${x}" y="230" width="62" height="96" fill="${bg}"/>` +
        `<text x="${x + 31}" y="303" font-family="DejaVu Sans" font-weight="bold" font-size="72" fill="#fff" text-anchor="middle">${d}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="620">
<rect width="900" height="620" fill="#e8e8e4"/>
<circle cx="450" cy="310" r="300" fill="#fafafa" stroke="#555" stroke-width="8"/>
<text x="450" y="170" font-family="DejaVu Sans" font-size="40" fill="#222" text-anchor="middle">No ${serial}</text>
<rect x="118" y="220" width="574" height="116" fill="#777"/>${cells}
<text x="730" y="300" font-family="DejaVu Sans" font-size="44" fill="#222">m³</text>
<text x="450" y="420" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">Qn 1,5 m³/h  PN 16 bar</text>
<text x="450" y="480" font-family="DejaVu Sans" font-size="34" fill="#222" text-anchor="middle">WATER METER  30°C</text>
</svg>`;
}

export async function waterMeterPng(reading: string, serial: string): Promise<Buffer> {
  return renderSvg(waterMeterSvg(reading, serial));
}

/** A plain picture with no text at all. */
export async function blankPng(): Promise<Buffer> {
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<defs><linearGradient id="g"><stop offset="0" stop-color="#4a7"/><stop offset="1" stop-color="#cde"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/><circle cx="320" cy="240" r="120" fill="#a64"/></svg>`);
}

/** Wheel readings with the CNN firmly (0.95) on each position. */
export function wheelsAt(positions: number[]) {
  return {
    positions,
    digits: positions.map(Math.round),
    confidences: positions.map(() => 0.95),
    probabilities: positions.map((v) => {
      const p = new Float32Array(100).fill(0.05 / 99);
      p[Math.round(v * 10) % 100] = 0.95;
      return p;
    }),
    framing: { scale: 1, dy: 0, dx: 0 },
  };
}
