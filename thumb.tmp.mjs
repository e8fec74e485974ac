import sharp from 'sharp';
const [src, out, w] = process.argv.slice(2);
const img = sharp(src).rotate();
const m = await img.metadata(); console.log(m.width, m.height, m.orientation);
await img.resize({ width: Number(w || 900) }).png().toFile(out);
