import { IMAGE_MAX_PIXELS_SIDE, LOGO_MAX_BYTES } from "~/lib/uploads";
/**
 * The upload rules for images that the browser can check before sending (type and size), with the
 * server's own messages. The server (file.server.ts) still decides: it reads the bytes, not the name.
 */

export const IMAGE_MESSAGES = {
  missing: "Please choose an image file.",
  tooLarge: "The image is larger than 2 MB.",
  unsupported: "Only PNG, JPEG, WebP or GIF images are accepted.",
  tooManyPixels: `The image is larger than ${IMAGE_MAX_PIXELS_SIDE}×${IMAGE_MAX_PIXELS_SIDE} pixels.`,
  unreadable: "The image could not be read. Please try another file.",
};

/** The `accept` attribute of every image input. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
const TYPES = new Set(IMAGE_ACCEPT.split(","));
const EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;

/**
 * The message the server would answer for this file's type or size, or null when it may be sent.
 * A file the browser cannot type (empty `type`) is judged by its extension.
 */
export function checkImageFile(
  file: { name: string; type: string; size: number } | null | undefined,
): string | null {
  if (!file || file.size === 0) return IMAGE_MESSAGES.missing;
  const typed = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typed) return IMAGE_MESSAGES.unsupported;
  if (file.size > LOGO_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
