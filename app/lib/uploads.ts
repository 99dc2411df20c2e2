/** Uploaded images (logos, avatars): the largest file and the largest side in pixels accepted. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_PIXELS_SIDE = 4096;
/** Private OJT documents (students' paperwork, signed agreements): the largest file accepted. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Room for the multipart envelope and the other form fields beside the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** The largest multipart body of an image upload, and of an OJT document upload. */
export const UPLOAD_BODY_LIMIT = LOGO_MAX_BYTES + ENVELOPE_BYTES;
export const DOCUMENT_BODY_LIMIT = DOCUMENT_MAX_BYTES + ENVELOPE_BYTES;

/**
 * Whether a request declares (Content-Length) a body over `limit`: the upload readers refuse it
 * before reading (the server's byte counter cuts off a body that lies about its length).
 */
export const declaresMoreThan = (request: Request, limit: number) =>
  Number(request.headers.get("Content-Length") ?? 0) > limit;
