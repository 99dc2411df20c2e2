/**
 * Reading what an AeroJob operator hands over (ADR 115): a folder of `mongoexport` files
 * (`users.json` …; one document per line or one JSON array; relaxed or canonical Extended JSON)
 * or a `mongodump` folder of `.bson` files (`dump/<db>/<collection>.bson`), parsed with the `bson`
 * package and turned into plain values: ObjectIds as their 24-hex text, dates as Date, numbers as
 * numbers. A collection that is not there is named, not guessed.
 */
import fs from "node:fs";
import path from "node:path";
import { BSON, EJSON } from "bson";

export const AEROJOB_COLLECTIONS = [
  "users",
  "profiles",
  "companies",
  "jobs",
  "surveys",
  "surveyresponses",
  "searchlogs",
] as const;
export type AerojobCollection = (typeof AEROJOB_COLLECTIONS)[number];

export type Doc = Record<string, unknown>;

export interface AerojobSource {
  docs: Record<AerojobCollection, Doc[]>;
  /** Collections with no file in the folder: skipped and named in the report. */
  missing: AerojobCollection[];
  /** Where each collection was read from (for messages). */
  files: Partial<Record<AerojobCollection, string>>;
}

/** A file that cannot be read as its format says: the run stops with this message (exit 1). */
export class UnreadableSource extends Error {
  status = 400;
  constructor(message: string) {
    super(message);
    this.name = "UnreadableSource";
  }
}

const HEX24 = /^[0-9a-f]{24}$/i;

/** BSON values as plain JavaScript: ObjectId → hex, Long/Int32/Double/Decimal128 → number. */
export function plain(v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (v instanceof Date) return v;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "object") {
    const t = (v as { _bsontype?: string })._bsontype;
    if (t === "ObjectId" || t === "ObjectID") return (v as { toHexString(): string }).toHexString();
    if (t === "Long" || t === "Int32" || t === "Double" || t === "Decimal128")
      return Number(String(v));
    if (t) return String(v);
    const out: Doc = {};
    for (const [k, x] of Object.entries(v as Doc)) out[k] = plain(x);
    return out;
  }
  return v;
}

function parseJsonFile(file: string): Doc[] {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const name = path.basename(file);
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith("[")) {
    let arr: unknown;
    try {
      arr = EJSON.parse(trimmed, { relaxed: true });
    } catch (e) {
      throw new UnreadableSource(
        `${name}: not a valid Extended JSON array (${(e as Error).message})`,
      );
    }
    if (!Array.isArray(arr)) throw new UnreadableSource(`${name}: not a JSON array`);
    return arr.map((d) => plain(d) as Doc);
  }
  const docs: Doc[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    if (!l) continue;
    let d: unknown;
    try {
      d = EJSON.parse(l, { relaxed: true });
    } catch (e) {
      throw new UnreadableSource(
        `${name} line ${i + 1}: not a valid Extended JSON document (${(e as Error).message})`,
      );
    }
    if (!d || typeof d !== "object" || Array.isArray(d))
      throw new UnreadableSource(`${name} line ${i + 1}: not a document`);
    docs.push(plain(d) as Doc);
  }
  return docs;
}

function parseBsonFile(file: string): Doc[] {
  const buf = fs.readFileSync(file);
  const docs: Doc[] = [];
  let off = 0;
  while (off < buf.length) {
    if (off + 5 > buf.length)
      throw new UnreadableSource(`${path.basename(file)}: truncated at byte ${off}`);
    const size = buf.readInt32LE(off);
    if (size < 5 || off + size > buf.length)
      throw new UnreadableSource(`${path.basename(file)}: truncated document at byte ${off}`);
    try {
      docs.push(plain(BSON.deserialize(buf.subarray(off, off + size))) as Doc);
    } catch (e) {
      throw new UnreadableSource(
        `${path.basename(file)}: unreadable document at byte ${off} (${(e as Error).message})`,
      );
    }
    off += size;
  }
  return docs;
}

/** The `.bson` file of a collection in a mongodump folder: DIR/c.bson or DIR/<db>/c.bson (…/dump/<db>/). */
function findBson(dir: string, c: string): string | null {
  const direct = path.join(dir, `${c}.bson`);
  if (fs.existsSync(direct)) return direct;
  const subdirs = (d: string) =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(d, e.name))
      .sort();
  for (const d of subdirs(dir)) {
    const f = path.join(d, `${c}.bson`);
    if (fs.existsSync(f)) return f;
    for (const dd of subdirs(d)) {
      const ff = path.join(dd, `${c}.bson`);
      if (fs.existsSync(ff)) return ff;
    }
  }
  return null;
}

/** Reads every AeroJob collection found in `dir` (JSON preferred over BSON when both exist). */
export function readAerojobDir(dir: string): AerojobSource {
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch {
    throw new UnreadableSource(`Folder not found: ${dir}`);
  }
  if (!st.isDirectory()) throw new UnreadableSource(`Not a folder: ${dir}`);
  const docs = {} as Record<AerojobCollection, Doc[]>;
  const missing: AerojobCollection[] = [];
  const files: AerojobSource["files"] = {};
  for (const c of AEROJOB_COLLECTIONS) {
    const json = path.join(dir, `${c}.json`);
    const bson = fs.existsSync(json) ? null : findBson(dir, c);
    try {
      if (fs.existsSync(json)) {
        docs[c] = parseJsonFile(json);
        files[c] = json;
      } else if (bson) {
        docs[c] = parseBsonFile(bson);
        files[c] = bson;
      } else {
        docs[c] = [];
        missing.push(c);
      }
    } catch (e) {
      if (e instanceof UnreadableSource) throw e;
      throw new UnreadableSource(`Cannot read ${json}: ${(e as Error).message}`);
    }
  }
  return { docs, missing, files };
}

// ─── Field readers: AeroJob wrote "" where nothing was entered and mixed the case of enums ─────

/** Trimmed text, or null for missing/empty/non-text values. */
export function text(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t ? t : null;
}

/** An ObjectId (24 hex, lower-case) or null. */
export function oid(v: unknown): string | null {
  return typeof v === "string" && HEX24.test(v) ? v.toLowerCase() : null;
}

/** A finite number (also from numeric text), or null. */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** A valid Date (also from ISO text or epoch milliseconds), or null. */
export function date(v: unknown): Date | null {
  const d =
    v instanceof Date ? v : typeof v === "string" || typeof v === "number" ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** Booleans as AeroJob stored them (also "true"/"false" text); `fallback` otherwise. */
export function bool(v: unknown, fallback: boolean): boolean {
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  return fallback;
}

/** Trimmed, non-empty, de-duplicated strings of an array (a single string becomes one item). */
export function strings(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
  const out: string[] = [];
  for (const x of list) {
    const t = text(x);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Lower-cased, trimmed enum text with spaces and underscores as hyphens (`Full Time` → `full-time`). */
export function folded(v: unknown): string | null {
  const t = text(v);
  return t ? t.toLowerCase().replace(/[\s_]+/g, "-") : null;
}

/** When a document was made: `createdAt`, else the ObjectId's first 4 bytes (seconds). */
export function createdOf(d: Doc): Date {
  const c = date(d.createdAt);
  if (c) return c;
  const id = oid(d._id);
  return id ? new Date(parseInt(id.slice(0, 8), 16) * 1000) : new Date(0);
}
