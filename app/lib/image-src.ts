/**
 * Stored images in the size they are shown: `/files/{id}?w=N` answers a variant N pixels
 * wide (logos keep their shape inside N×N, avatars are square), so a 48 px logo is not a 512 px
 * download. Isomorphic: screens build `src`/`srcSet` with `imageSources`, the files route checks `w`.
 */

/** The widths /files/{id}?w= serves (CSS pixels × 1 and × 2 of the sizes the screens use). */
export const IMAGE_WIDTHS = [24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 256] as const;

const STORED = /^(?:https?:\/\/[^/]+)?\/files\/[0-9a-f-]{36}$/i;

/** The smallest served width of at least `px` (the largest when none is that big). */
export function variantWidth(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

/**
 * `src` and `srcSet` (1× and 2×) for an image shown `size` CSS pixels wide; other URLs (not a
 * stored file) are returned as they are.
 */
export function imageSources(url: string, size: number): { src: string; srcSet?: string } {
  if (!STORED.test(url)) return { src: url };
  const one = variantWidth(size);
  const two = variantWidth(size * 2);
  return { src: `${url}?w=${one}`, srcSet: `${url}?w=${one} 1x, ${url}?w=${two} 2x` };
}

/** The `w` query parameter of /files/{id}: null when absent, NaN when not a served width. */
export function parseVariantWidth(param: string | null): number | null {
  if (param === null) return null;
  const n = /^\d{1,4}$/.test(param) ? Number(param) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(n) ? n : NaN;
}
