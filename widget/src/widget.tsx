/**
 * The jobs widget (React API; bundled with preact/compat). One fetch, no cookies; loading, empty and
 * quiet error states; a list of links with accessible names, each opening the job on Runway.
 */
import { Component, useEffect, useReducer, useState, type ReactNode } from "react";
import { type JobType } from "../../db/constants";
import { relativeTime } from "../../app/lib/format";
import { readFeed, reducer, type FeedJob, type State } from "./feed";
import { feedUrl, type WidgetOptions } from "./options";
import { JOB_TYPE_LABELS } from "../../app/lib/format";

export const TEXT = {
  loading: "Loading jobs…",
  empty: "No matching active jobs.",
  error: "Jobs cannot be shown right now.",
  seeAll: "See all jobs",
  newTab: "(opens in a new tab)",
};

const TIMEOUT_MS = 10_000;

export interface WidgetProps {
  options: WidgetOptions;
  origin: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const typeLabel = (t: string) => JOB_TYPE_LABELS[t as JobType] ?? t;

function Logo({ job }: { job: FeedJob }) {
  const [broken, setBroken] = useState(false);
  if (job.company.logoUrl && !broken)
    return (
      <img
        className="logo"
        src={job.company.logoUrl}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  return (
    <span className="logo ph" aria-hidden="true">
      {(job.company.name || job.title).slice(0, 1).toUpperCase()}
    </span>
  );
}

function JobItem({ job, now }: { job: FeedJob; now: Date }) {
  const posted = job.postedAt ? relativeTime(job.postedAt, now) : "";
  const lic = job.licences.slice(0, 2).join(", ");
  const meta = [
    job.company.name,
    job.location,
    typeLabel(job.jobType),
    job.allowance,
    lic,
    posted,
  ].filter(Boolean);
  return (
    <li>
      <a
        href={job.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${job.title}, ${meta.join(", ")} ${TEXT.newTab}`}
      >
        <Logo job={job} />
        <span className="body">
          <span className="title">{job.title}</span>
          <span className="meta">
            {job.company.name ? <span className="co">{job.company.name}</span> : null}
            {job.location ? <span>{job.location}</span> : null}
            {job.jobType ? <span className="type">{typeLabel(job.jobType)}</span> : null}
            {job.allowance ? <span className="pay">{job.allowance}</span> : null}
            {lic ? <span>{lic}</span> : null}
            {posted ? <time dateTime={job.postedAt}>{posted}</time> : null}
          </span>
        </span>
      </a>
    </li>
  );
}

/** The widget's content for a state (pure: what the tests render). */
export function JobsView({
  state,
  options,
  now,
}: {
  state: State;
  options: WidgetOptions;
  now: Date;
}) {
  let body: ReactNode;
  let more: string | null = null;
  if (state.status === "loading")
    body = (
      <p className="note" role="status">
        {TEXT.loading}
      </p>
    );
  else if (state.status === "error") {
    body = <p className="note">{TEXT.error}</p>;
    more = state.seeAllUrl;
  } else {
    more = state.feed.seeAllUrl;
    body = state.feed.jobs.length ? (
      <ul className="list">
        {state.feed.jobs.map((j) => (
          <JobItem key={j.id} job={j} now={now} />
        ))}
      </ul>
    ) : (
      <p className="note">{TEXT.empty}</p>
    );
  }
  return (
    <section
      className={`rw ${options.theme}`}
      style={options.accent ? ({ "--accent": options.accent } as React.CSSProperties) : undefined}
      aria-label={options.title}
      aria-busy={state.status === "loading"}
    >
      <h2 className="head">{options.title}</h2>
      {body}
      {more ? (
        <a className="all" href={more} target="_blank" rel="noopener noreferrer">
          {TEXT.seeAll}
          <span className="sr"> {TEXT.newTab}</span>
        </a>
      ) : null}
    </section>
  );
}

/** Fetches the feed once (credentials omitted, 10 s timeout) and renders it. */
export function Widget({
  options,
  origin,
  fetch: fetchImpl = fetch,
  now = () => new Date(),
}: WidgetProps) {
  const [state, dispatch] = useReducer(reducer, { status: "loading" } as State);
  useEffect(() => {
    const ctrl = typeof AbortController === "function" ? new AbortController() : null;
    const timer = setTimeout(() => ctrl?.abort(), TIMEOUT_MS);
    let live = true;
    const fallback = `${origin}/jobs`;
    fetchImpl(feedUrl(origin, options), { credentials: "omit", mode: "cors", signal: ctrl?.signal })
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(
        (body) => live && dispatch({ type: "loaded", feed: readFeed(body, origin, options.limit) }),
      )
      .catch(() => live && dispatch({ type: "failed", seeAllUrl: fallback }))
      .finally(() => clearTimeout(timer));
    return () => {
      live = false;
      clearTimeout(timer);
      ctrl?.abort();
    };
  }, [fetchImpl, origin, options]);
  return <JobsView state={state} options={options} now={now()} />;
}

/** Keeps any rendering error inside the widget: the host page never sees an exception. */
export class Guard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    /* swallowed on purpose: the host page must not break */
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
