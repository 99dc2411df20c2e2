/**
 * Embed options: read from the script tag's data-* attributes or passed to RunwayJobs.mount. Every
 * value is checked here; anything unknown falls back to a default instead of throwing.
 */
import { JOB_TYPES, type JobType } from "../../db/constants";

export const LIMIT_DEFAULT = 5;
export const LIMIT_MAX = 20;

export type Theme = "light" | "dark";

export interface WidgetOptions {
  limit: number;
  type: JobType | null;
  category: string | null;
  q: string | null;
  theme: Theme;
  accent: string | null;
  title: string;
}

/** What a host page may pass: strings from data-* attributes or values from mount(). */
export type RawOptions = Partial<Record<keyof WidgetOptions | "target", unknown>>;

const text = (v: unknown, max = 100) => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const s = String(v).trim().slice(0, max);
  return s ? s : null;
};

// Colours only: hex, rgb()/hsl() with plain numbers, or a CSS colour keyword. Nothing that could
// close the declaration or pull in a URL.
const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]+\)|[a-z]{3,20})$/i;

/** Normalises raw options (from data-* or mount()) into safe, complete widget options. */
export function parseOptions(raw: RawOptions = {}): WidgetOptions {
  const n = Number.parseInt(String(raw.limit ?? ""), 10);
  const type = text(raw.type, 20)?.toLowerCase() ?? null;
  const accent = text(raw.accent, 40);
  return {
    limit: Number.isFinite(n) ? Math.min(LIMIT_MAX, Math.max(1, n)) : LIMIT_DEFAULT,
    type: type && (JOB_TYPES as readonly string[]).includes(type) ? (type as JobType) : null,
    category: text(raw.category),
    q: text(raw.q),
    theme: text(raw.theme)?.toLowerCase() === "dark" ? "dark" : "light",
    accent: accent && COLOUR.test(accent) ? accent : null,
    title: text(raw.title, 80) ?? "Latest jobs",
  };
}

/** The options written on a script tag (data-limit, data-type, …). */
export function optionsFromDataset(ds: DOMStringMap): RawOptions {
  const { limit, type, category, q, theme, accent, title, target } = ds;
  return { limit, type, category, q, theme, accent, title, target };
}

/** GET {origin}/api/public/jobs with only the filters that are set. */
export function feedUrl(origin: string, o: WidgetOptions): string {
  const p = new URLSearchParams({ limit: String(o.limit) });
  if (o.type) p.set("type", o.type);
  if (o.category) p.set("category", o.category);
  if (o.q) p.set("q", o.q);
  return `${origin}/api/public/jobs?${p}`;
}
