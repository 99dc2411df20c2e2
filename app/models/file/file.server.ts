/**
 * Image uploads (company logos, profile photos): the format is decided by the file's content, not
 * its name or header; only PNG, JPEG, WebP and GIF; at most 2 MB and 4096×4096; re-encoded with
 * sharp (metadata stripped, decompression bombs refused), stored in the database and served from
 * /files/{id}.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db, DbOrTx } from "#db/client";
import { type FileKind } from "#db/constants";
import { companies, files, users } from "#db/schema";
import { PayloadTooLarge, UnsupportedMedia, ValidationError } from "~/lib/errors";
import { IMAGE_MESSAGES } from "./image-rules";
import { isUuid } from "~/lib/ids";
import {
  declaresMoreThan,
  IMAGE_MAX_PIXELS_SIDE,
  LOGO_MAX_BYTES,
  UPLOAD_BODY_LIMIT,
} from "~/lib/uploads";

export { IMAGE_MESSAGES };

const ACCEPTED = new Set(["png", "jpeg", "webp", "gif"]);

/** Output per kind: logos keep their shape (fit inside 512), avatars are square 256 crops. */
const OUTPUT: Record<FileKind, { width: number; height: number; fit: "inside" | "cover" }> = {
  logo: { width: 512, height: 512, fit: "inside" },
  avatar: { width: 256, height: 256, fit: "cover" },
};

/** Checks and re-encodes an uploaded image and stores it; throws 400/413/415 with a clear message. */
export async function storeImage(
  db: Db,
  upload: Blob | Buffer | null | undefined,
  opts: { kind: FileKind; actorId?: string | null },
) {
  if (!upload || (upload instanceof Blob ? upload.size : upload.length) === 0)
    throw new ValidationError(IMAGE_MESSAGES.missing);
  const size = upload instanceof Blob ? upload.size : upload.length;
  if (size > LOGO_MAX_BYTES) throw new PayloadTooLarge(IMAGE_MESSAGES.tooLarge);
  const input = upload instanceof Blob ? Buffer.from(await upload.arrayBuffer()) : upload;

  let meta: Metadata;
  try {
    // limitInputPixels refuses decompression bombs before any pixel is decoded.
    meta = await sharp(input, {
      limitInputPixels: IMAGE_MAX_PIXELS_SIDE * IMAGE_MAX_PIXELS_SIDE,
    }).metadata();
  } catch (e) {
    // A readable image that declares too many pixels (a decompression bomb) deserves the size message.
    if (e instanceof Error && /pixel limit/i.test(e.message))
      throw new ValidationError(IMAGE_MESSAGES.tooManyPixels);
    throw new UnsupportedMedia(IMAGE_MESSAGES.unsupported);
  }
  if (!meta.format || !ACCEPTED.has(meta.format))
    throw new UnsupportedMedia(IMAGE_MESSAGES.unsupported);
  if (!meta.width || !meta.height) throw new ValidationError(IMAGE_MESSAGES.unreadable);
  const height = meta.pageHeight ?? meta.height;
  if (meta.width > IMAGE_MAX_PIXELS_SIDE || height > IMAGE_MAX_PIXELS_SIDE)
    throw new ValidationError(IMAGE_MESSAGES.tooManyPixels);

  const out = OUTPUT[opts.kind];
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    encoded = await sharp(input, {
      limitInputPixels: IMAGE_MAX_PIXELS_SIDE * IMAGE_MAX_PIXELS_SIDE,
      animated: false,
    })
      .rotate() // honour EXIF orientation, then drop all metadata (sharp strips it by default)
      .resize({
        width: out.width,
        height: out.height,
        fit: out.fit,
        withoutEnlargement: opts.kind === "logo",
      })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ValidationError(IMAGE_MESSAGES.unreadable);
  }
  const sha256 = crypto.createHash("sha256").update(encoded.data).digest("hex");
  const [row] = await db
    .insert(files)
    .values({
      kind: opts.kind,
      contentType: "image/webp",
      bytes: encoded.data,
      size: encoded.data.length,
      width: encoded.info.width,
      height: encoded.info.height,
      sha256,
      createdBy: opts.actorId ?? null,
    })
    .returning({ id: files.id });
  return {
    id: row.id,
    url: `/files/${row.id}`,
    width: encoded.info.width,
    height: encoded.info.height,
    size: encoded.data.length,
  };
}

/** Variants already made (`id:width` → bytes); the stored images never change, so no expiry. */
const variants = new Map<string, Buffer>();
const MAX_VARIANTS = 2000;

/**
 * A stored image `width` pixels wide (logos fit inside width×width, avatars are square), WebP; made
 * with sharp on first use and kept in memory. Never larger than the stored image.
 */
export async function imageVariant(
  f: { id: string; kind: string; bytes: Buffer | Uint8Array },
  width: number,
): Promise<Buffer> {
  const key = `${f.id}:${width}`;
  const hit = variants.get(key);
  if (hit) return hit;
  const data = await sharp(Buffer.from(f.bytes), { animated: false })
    .resize({
      width,
      height: width,
      fit: f.kind === "avatar" ? "cover" : "inside",
      withoutEnlargement: true,
    })
    .webp({ quality: 86 })
    .toBuffer();
  if (variants.size >= MAX_VARIANTS) variants.delete(variants.keys().next().value!);
  variants.set(key, data);
  return data;
}

/** A stored file for /files/{id}, or null. */
export async function getFile(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [f] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return f ?? null;
}

/** Reads the single file field of a multipart request, refusing bodies over the limit early. */
export async function readUpload(request: Request, field: string): Promise<Blob | null> {
  if (declaresMoreThan(request, UPLOAD_BODY_LIMIT))
    throw new PayloadTooLarge(IMAGE_MESSAGES.tooLarge);
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new ValidationError(IMAGE_MESSAGES.missing);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ValidationError(IMAGE_MESSAGES.missing);
  }
  const f = form.get(field);
  return f instanceof Blob ? f : null;
}

/** Deletes a stored image of the given kind (a replaced or orphaned upload; uploads are immutable). */
export async function deleteImage(db: DbOrTx, id: string, kind: FileKind): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), eq(files.kind, kind)));
}

/** Deletes a logo no company and no account refers to any more. */
export async function deleteOrphanLogo(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(files)
    .where(
      and(
        eq(files.id, id),
        eq(files.kind, "logo"),
        sql`not exists (select 1 from ${companies} where ${companies.logoFileId} = ${id})`,
        sql`not exists (select 1 from ${users} where ${users.avatarFileId} = ${id})`,
      ),
    );
}
