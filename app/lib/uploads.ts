/** Uploaded images (logos, avatars): the largest file and the largest side in pixels accepted. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_PIXELS_SIDE = 4096;
/** Private OJT documents (students' paperwork, signed agreements): the largest file accepted. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
