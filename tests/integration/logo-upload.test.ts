/**
 * Logo uploads over HTTP (POST /upload/logo, /api/upload/logo): the format is decided by content, SVG
 * and oversize files are refused, decompression bombs never get decoded, the stored file is re-encoded
 * without metadata and served with nosniff and a long cache lifetime.
 */
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "../../app/models/file/file.server";
import { createUser } from "../factories";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A valid, tiny (≈50 KB) 1-bit PNG that declares 20000×20000 pixels: 400 megapixels once decoded. */
function bombPng(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8);
  const idat = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("logo uploads", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    async function adminToken() {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return app.token(user.email, password);
    }
    async function upload(
      path: string,
      data: Buffer | Uint8Array,
      name: string,
      type: string,
      token?: string,
      field = "logo",
    ) {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(data)], { type }), name);
      const res = await app.fetch(path, {
        method: "POST",
        body: form,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
    }

    it("accepts a PNG renamed .gif and sent as image/gif: the content decides, the output is re-encoded WebP", async () => {
      const token = await adminToken();
      const png = await sharp({
        create: { width: 120, height: 60, channels: 3, background: "#123456" },
      })
        .png()
        .toBuffer();
      const r = await upload("/upload/logo", png, "logo.gif", "image/gif", token);
      expect(r.status).toBe(201);
      expect(r.body.url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      const file = await app.fetch(r.body.url!);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("cache-control")).toMatch(/max-age=31536000/);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 120, height: 60 });
    });

    it("strips EXIF and other metadata from the stored image", async () => {
      const token = await adminToken();
      const jpeg = await sharp({
        create: { width: 64, height: 64, channels: 3, background: "#abcdef" },
      })
        .jpeg()
        .withExif({ IFD0: { Copyright: "SECRET-EXIF-MARKER", Artist: "Someone" } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const r = await upload("/api/upload/logo", jpeg, "photo.jpg", "image/jpeg", token);
      expect(r.status).toBe(201);
      const bytes = Buffer.from(await (await app.fetch(r.body.url!)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from("SECRET-EXIF-MARKER"))).toBe(false);
    });

    it("refuses an SVG (even named .png, with a script inside) with 415", async () => {
      const token = await adminToken();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      );
      for (const [name, type] of [
        ["logo.svg", "image/svg+xml"],
        ["logo.png", "image/png"],
      ]) {
        const r = await upload("/upload/logo", svg, name, type, token);
        expect(r.status).toBe(415);
        expect(r.body.message).toBe(IMAGE_MESSAGES.unsupported);
      }
      const text = await upload(
        "/upload/logo",
        Buffer.from("just text"),
        "a.gif",
        "image/gif",
        token,
      );
      expect(text.status).toBe(415);
    });

    it("refuses a 10 MB file with 413 before reading it", async () => {
      const token = await adminToken();
      const big = Buffer.alloc(10 * 1024 * 1024, 7);
      const r = await upload("/upload/logo", big, "big.png", "image/png", token);
      expect(r.status).toBe(413);
      expect(r.body.message).toBe(IMAGE_MESSAGES.tooLarge);
    });

    // The pixel-limit message comes from reading the header (sharp's limitInputPixels), before any decoding.
    it("refuses a decompression bomb (tiny PNG declaring 20000×20000) without decoding it", async () => {
      const token = await adminToken();
      const bomb = bombPng();
      expect(bomb.length).toBeLessThan(200 * 1024);
      const r = await upload("/upload/logo", bomb, "bomb.png", "image/png", token);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(IMAGE_MESSAGES.tooManyPixels);
    });

    it("refuses an image wider than 4096 px with the size message", async () => {
      const token = await adminToken();
      const wide = await sharp({
        create: { width: 5000, height: 10, channels: 3, background: "#000" },
      })
        .png()
        .toBuffer();
      const r = await upload("/upload/logo", wide, "wide.png", "image/png", token);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(IMAGE_MESSAGES.tooManyPixels);
    });

    it("is admin-only (401 signed out, 403 for a student) and needs the `logo` field", async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      expect((await upload("/upload/logo", png, "a.png", "image/png")).status).toBe(401);
      const { user, password } = await createUser(t.db, { role: "student" });
      const student = await app.token(user.email, password);
      const r = await upload("/upload/logo", png, "a.png", "image/png", student);
      expect(r.status).toBe(403);
      expect((await upload("/api/upload/logo", png, "a.png", "image/png", student)).status).toBe(
        403,
      );
      const token = await adminToken();
      const wrong = await upload("/upload/logo", png, "a.png", "image/png", token, "file");
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(IMAGE_MESSAGES.missing);
      const notMultipart = await app.api("/upload/logo", { token, body: { logo: "x" } });
      expect(notMultipart.status).toBe(400);
      expect((await app.fetch("/upload/logo")).status).toBe(405);
    });
  });
});
