/** One list of 'Saved jobs' or 'My applications': open and closed jobs link to their page; removed ones do not. */
import { Link } from "@remix-run/react";
import { relativeTime } from "~/lib/format";
import type { MyJobLine } from "~/models/job/saved.server";

const STATE_LABEL = { open: "Open", closed: "Closed", removed: "Removed" } as const;
const STATE_BADGE = { open: "badge-success", closed: "badge-warning", removed: "badge" } as const;

export function MyJobList({
  lines,
  now,
  verb,
  action,
}: {
  lines: MyJobLine[];
  now: number;
  /** "Saved" or "Applied", before the relative time. */
  verb: string;
  /** An extra control per line (the Remove button of saved jobs). */
  action?: (line: MyJobLine) => React.ReactNode;
}) {
  return (
    <ul className="stack my-job-list">
      {lines.map((l, i) => (
        <li key={l.jobId ?? `removed-${i}`} className="card my-job-line">
          <div>
            <h2 className="my-job-title">
              {l.state === "removed" || !l.jobId ? (
                <span>{l.title}</span>
              ) : (
                <Link to={`/jobs/${l.jobId}`}>{l.title}</Link>
              )}{" "}
              <span className={`badge ${STATE_BADGE[l.state]}`}>{STATE_LABEL[l.state]}</span>
            </h2>
            <p className="muted">
              {l.companyName}
              {l.location ? ` · ${l.location}` : ""} · {verb}{" "}
              <time dateTime={l.at}>{relativeTime(l.at, new Date(now))}</time>
            </p>
          </div>
          {action ? action(l) : null}
        </li>
      ))}
    </ul>
  );
}
