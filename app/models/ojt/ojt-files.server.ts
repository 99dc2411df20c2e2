/**
 * The private OJT file store (ADR 116): signed agreements and students' documents. A file is
 * judged by its bytes, never its name or declared type: a PDF is loaded with pdf-lib and refused
 * when encrypted or carrying JavaScript or automatic actions; a JPEG or PNG photo is decoded and
 * re-encoded with sharp (metadata stripped, EXIF orientation applied, at most A4 at 300 dpi).
 * Files are handed out only as attachments, by the routes that check who may have them.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from "pdf-lib";
import sharp from "sharp";
import type { DbOrTx } from "#db/client";
import { ojtFiles, type OjtFileType } from "#db/schema";
import { PayloadTooLarge, UnsupportedMedia, ValidationError } from "~/lib/errors";
import { declaresMoreThan, DOCUMENT_BODY_LIMIT } from "~/lib/uploads";
import { DOCUMENT_IMAGE_MAX_SIDE, DOCUMENT_MAX_BYTES, PAPERWORK_MSG } from "./paperwork.schema";

/** Photos beyond this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 8192 * 8192;

export interface CheckedFile {
  bytes: Buffer;
  contentType: OjtFileType;
  fileName: string;
}

/** Names that may reach a Content-Disposition: no paths, no control characters, ≤ 120 chars. */
export function cleanFileName(name: string | null | undefined, contentType: OjtFileType): string {
  const ext =
    contentType === "application/pdf" ? ".pdf" : contentType === "image/png" ? ".png" : ".jpg";
  const base = String(name ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 100);
  return `${base || "document"}${ext}`;
}

const isPdf = (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-";

/**
 * Keys whose presence in any dictionary makes a PDF run code or act on its own: a JavaScript
 * action's script, the document's JavaScript name tree, additional (event) actions. An
 * /OpenAction is refused through what it points at (a JavaScript or Launch action); a plain
 * "open at page 1" destination is harmless.
 */
const ACTIVE_KEYS = ["JS", "JavaScript", "AA"];

/** True when a dictionary asks for JavaScript or an automatic action (/S /JavaScript, /JS, /AA…). */
function isActive(dict: PDFDict): boolean {
  for (const key of ACTIVE_KEYS) if (dict.has(PDFName.of(key))) return true;
  const s = dict.get(PDFName.of("S"));
  if (s instanceof PDFName && (s === PDFName.of("JavaScript") || s === PDFName.of("Launch")))
    return true;
  return false;
}

/** Walks every object pdf-lib parsed (object streams included) looking for active content. */
function carriesScript(doc: PDFDocument): boolean {
  const seen = new Set<PDFObject>();
  const visit = (o: PDFObject | undefined): boolean => {
    if (!o || seen.has(o)) return false;
    seen.add(o);
    if (o instanceof PDFStream) return visit(o.dict);
    if (o instanceof PDFDict) {
      if (isActive(o)) return true;
      for (const [, v] of o.entries()) if (visit(v)) return true;
      return false;
    }
    if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) if (visit(o.get(i))) return true;
    }
    return false;
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) if (visit(obj)) return true;
  return visit(doc.context.trailerInfo.Root as PDFObject | undefined);
}

/** Loads a PDF with pdf-lib; refuses encrypted, unreadable or scripted ones. */
async function checkPdf(bytes: Buffer): Promise<void> {
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted (pdf-lib's own error class cannot be told apart reliably), so
    // the document's own /Encrypt entry decides below.
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch {
    throw new ValidationError(PAPERWORK_MSG.unreadablePdf);
  }
  if (doc.isEncrypted) throw new ValidationError(PAPERWORK_MSG.encrypted);
  if (carriesScript(doc)) throw new ValidationError(PAPERWORK_MSG.javascript);
  if (doc.getPageCount() < 1) throw new ValidationError(PAPERWORK_MSG.unreadablePdf);
}

/** Decodes a JPEG or PNG and re-encodes it in its own format; anything else is 415. */
async function reencodeImage(bytes: Buffer): Promise<{ bytes: Buffer; type: OjtFileType }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (e) {
    if (e instanceof Error && /pixel limit/i.test(e.message))
      throw new ValidationError(PAPERWORK_MSG.tooManyPixels);
    throw new UnsupportedMedia(PAPERWORK_MSG.unsupported);
  }
  if (format !== "jpeg" && format !== "png") throw new UnsupportedMedia(PAPERWORK_MSG.unsupported);
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({
        width: DOCUMENT_IMAGE_MAX_SIDE,
        height: DOCUMENT_IMAGE_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      });
    const out =
      format === "png"
        ? await img.png({ compressionLevel: 9 }).toBuffer()
        : await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { bytes: out, type: format === "png" ? "image/png" : "image/jpeg" };
  } catch {
    throw new ValidationError(PAPERWORK_MSG.unreadableImage);
  }
}

/**
 * Checks an upload by its content: a clean PDF, or a JPEG/PNG photo (re-encoded). `pdfOnly` for
 * signed agreements. Throws 400/413/415 with a message for the person uploading.
 */
export async function checkUpload(
  upload: Blob | null | undefined,
  opts: { pdfOnly?: boolean } = {},
): Promise<CheckedFile> {
  if (!upload || upload.size === 0) throw new ValidationError(PAPERWORK_MSG.fileMissing);
  if (upload.size > DOCUMENT_MAX_BYTES) throw new PayloadTooLarge(PAPERWORK_MSG.tooLarge);
  const input = Buffer.from(await upload.arrayBuffer());
  const name = upload instanceof File ? upload.name : null;
  if (isPdf(input)) {
    await checkPdf(input);
    return {
      bytes: input,
      contentType: "application/pdf",
      fileName: cleanFileName(name, "application/pdf"),
    };
  }
  if (opts.pdfOnly) throw new UnsupportedMedia(PAPERWORK_MSG.moaPdfOnly);
  const img = await reencodeImage(input);
  if (img.bytes.length > DOCUMENT_MAX_BYTES) throw new PayloadTooLarge(PAPERWORK_MSG.tooLarge);
  return { bytes: img.bytes, contentType: img.type, fileName: cleanFileName(name, img.type) };
}

/** Stores a checked file in the private store (in the caller's transaction); its id. */
export async function storeOjtFile(
  tx: DbOrTx,
  f: CheckedFile,
  actorId: string | null,
): Promise<string> {
  const [row] = await tx
    .insert(ojtFiles)
    .values({
      contentType: f.contentType,
      fileName: f.fileName,
      bytes: f.bytes,
      size: f.bytes.length,
      sha256: crypto.createHash("sha256").update(f.bytes).digest("hex"),
      createdBy: actorId,
    })
    .returning({ id: ojtFiles.id });
  return row.id;
}

export type OjtFileRow = typeof ojtFiles.$inferSelect;

export async function loadOjtFile(db: DbOrTx, id: string): Promise<OjtFileRow | null> {
  const [f] = await db.select().from(ojtFiles).where(eq(ojtFiles.id, id)).limit(1);
  return f ?? null;
}

/**
 * Reads the multipart body of a document upload: refuses a declared body over the limit before
 * reading (the server's counter cuts off a body that lies about its length).
 */
export async function readDocumentForm(request: Request): Promise<FormData> {
  if (declaresMoreThan(request, DOCUMENT_BODY_LIMIT))
    throw new PayloadTooLarge(PAPERWORK_MSG.tooLarge);
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new ValidationError(PAPERWORK_MSG.fileMissing);
  try {
    return await request.formData();
  } catch {
    throw new ValidationError(PAPERWORK_MSG.fileMissing);
  }
}

/** The `file` field of a document form, or null when it holds no file. */
export function fileOf(form: FormData): Blob | null {
  const f = form.get("file");
  return f instanceof Blob ? f : null;
}

/** A private file as a download: attachment, its checked type, never sniffed, never cached. */
export function fileResponse(f: Pick<OjtFileRow, "bytes" | "contentType" | "fileName" | "size">) {
  const ascii = f.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(new Uint8Array(f.bytes), {
    status: 200,
    headers: {
      "Content-Type": f.contentType,
      "Content-Length": String(f.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
