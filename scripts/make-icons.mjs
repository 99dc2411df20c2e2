// Writes the install icons of /manifest.webmanifest (public/icons/icon-192.png and icon-512.png)
// from the brand mark of public/favicon.svg: maskable, i.e. the plane inside the central 80 % safe
// zone on a full-bleed square, so a launcher may crop it to any shape. Run after changing the mark:
//
//   node scripts/make-icons.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ICON_SIZES = [192, 512];
const BRAND = "#1d4ed8";

/** The mark as a full-bleed SVG: no rounded corners, the plane scaled into the safe zone. */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16.5)"><path d="M5 19l22-8-3 4-9 2 5 7-3 1-6-6-4 1z" fill="#fff"/></g></svg>`;

for (const size of ICON_SIZES) {
  const file = path.join(root, "public", "icons", `icon-${size}.png`);
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`✓ ${path.relative(root, file)}`);
}
