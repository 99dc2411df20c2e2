/**
 * The feed response (GET /api/public/jobs) read defensively: the widget runs on pages we do not
 * control, so it renders only well-formed fields and only http(s) links.
 */
export interface FeedJob {
  id: string;
  title: string;
  company: { name: string; logoUrl: string | null };
  location: string | null;
  jobType: string;
  postedAt: string;
  url: string;
  /** Required licences or certificates; the widget shows the first two. */
  licences: string[];
  /** The allowance in words ("PHP 15,000 a month", "Unpaid"), or null when the job does not say. */
  allowance: string | null;
}
export interface Feed {
  jobs: FeedJob[];
  seeAllUrl: string;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);

/** An absolute http(s) URL (resolved against the Runway origin), else null: no javascript: links. */
export function safeUrl(v: unknown, origin: string): string | null {
  const s = str(v);
  if (!s) return null;
  try {
    const u = new URL(s, origin);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

/** Checks and trims a feed response; throws on a malformed body (shown as the quiet error state). */
export function readFeed(body: unknown, origin: string, limit: number): Feed {
  const b = body as { jobs?: unknown; seeAllUrl?: unknown } | null;
  if (!b || !Array.isArray(b.jobs)) throw new Error("bad feed");
  /** What a job of the feed may hold: everything is checked before use. */
  type RawJob = Partial<
    Record<
      "id" | "title" | "url" | "postedAt" | "location" | "jobType" | "licences" | "allowance",
      unknown
    >
  > & {
    company?: { name?: unknown; logoUrl?: unknown } | null;
  };
  const jobs: FeedJob[] = [];
  for (const raw of b.jobs) {
    const j = (raw ?? {}) as RawJob;
    const title = str(j?.title);
    const url = safeUrl(j?.url, origin);
    if (!title || !url) continue;
    const posted = str(j.postedAt);
    jobs.push({
      id: String(j.id ?? url),
      title,
      company: { name: str(j.company?.name) ?? "", logoUrl: safeUrl(j.company?.logoUrl, origin) },
      location: str(j.location),
      jobType: str(j.jobType) ?? "",
      postedAt: posted && !Number.isNaN(Date.parse(posted)) ? posted : "",
      url,
      licences: Array.isArray(j.licences)
        ? j.licences.map(str).filter((l): l is string => l !== null)
        : [],
      allowance: str(j.allowance),
    });
    if (jobs.length >= limit) break;
  }
  return { jobs, seeAllUrl: safeUrl(b.seeAllUrl, origin) ?? `${origin}/jobs` };
}

export type State =
  { status: "loading" } | { status: "error"; seeAllUrl: string } | { status: "ready"; feed: Feed };

export type Action = { type: "loaded"; feed: Feed } | { type: "failed"; seeAllUrl: string };

/** Loading → ready (list or empty) | error. Late answers after an error are ignored. */
export function reducer(state: State, action: Action): State {
  if (action.type === "loaded")
    return state.status === "error" ? state : { status: "ready", feed: action.feed };
  return { status: "error", seeAllUrl: action.seeAllUrl };
}
