/**
 * How /api answers look to a separate client (the college's earlier single-page app on another
 * origin). Applied once, in `json()` of api.server.ts, to every JSON answer:
 *
 * - Media URLs (`avatarUrl`, `logoUrl`) that are paths on this host (`/files/{id}`) become absolute
 *   URLs on PUBLIC_URL: a page on another origin would resolve a bare path against itself.
 * - A user's `course` is answered as the plain course name (the spec allows "a plain value"): that
 *   client prints it as text and crashes on an object. Its id and code stay available in their own
 *   fields, `courseId`, `courseCode` (and `courseName`).
 *
 * Screens keep their relative paths and course objects: they read loaders, not this view.
 * Other objects the spec defines as objects (a job's `company`, a response's `userId`) are kept.
 */

const MEDIA_KEYS = new Set(["avatarUrl", "logoUrl"]);

type CourseLike = { _id?: unknown; id?: unknown; code?: unknown; name: string };

const isCourseObject = (v: unknown): v is CourseLike =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  typeof (v as { name?: unknown }).name === "string";

/** A path on this host ("/files/…"), not a protocol-relative "//other.host/…" URL. */
const isHostPath = (v: unknown): v is string =>
  typeof v === "string" && v.startsWith("/") && !v.startsWith("//");

/** The JSON.stringify replacer of the client view, for answers served under `publicUrl`. */
export function apiReplacer(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, "");
  return function replace(key: string, value: unknown): unknown {
    if (MEDIA_KEYS.has(key) && isHostPath(value)) return `${base}${value}`;
    if (value && typeof value === "object" && !Array.isArray(value) && "course" in value) {
      const o = value as Record<string, unknown>;
      if (isCourseObject(o.course)) {
        const c = o.course;
        return {
          ...o,
          course: c.name,
          courseId: o.courseId ?? c._id ?? c.id ?? null,
          courseCode: typeof c.code === "string" ? c.code : null,
          courseName: c.name,
        };
      }
      if (o.course === null && ("courseId" in o || "yearLevel" in o))
        return { ...o, courseCode: null, courseName: null };
    }
    return value;
  };
}

/**
 * JSON text of an /api answer in the client view: the same text as
 * `JSON.stringify(data, apiReplacer(publicUrl))`, but the data is rewritten first (copying only
 * the objects that change) and stringified without a replacer — a replacer takes V8 off its fast
 * path and cost a search answer as much as its query. Objects with their own toJSON (Dates) are
 * left to JSON.stringify.
 */
export function toApiJson(data: unknown, publicUrl: string): string {
  const replace = apiReplacer(publicUrl);
  const walk = (key: string, value: unknown): unknown => {
    const v = replace(key, value);
    if (!v || typeof v !== "object" || typeof (v as { toJSON?: unknown }).toJSON === "function")
      return v;
    if (Array.isArray(v)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const w = walk(String(i), v[i]);
        if (w !== v[i]) (out ??= v.slice())[i] = w;
      }
      return out ?? v;
    }
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(o)) {
      const w = walk(k, o[k]);
      if (w !== o[k]) (out ??= { ...o })[k] = w;
    }
    return out ?? v;
  };
  return JSON.stringify(walk("", data));
}
