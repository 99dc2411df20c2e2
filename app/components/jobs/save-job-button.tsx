/**
 * The bookmark on job cards and job pages. A form posting to /saved-jobs, so it works without
 * JavaScript (the page comes back with a notice); with it, a fetcher flips the button at once
 * (optimistic) and the server's answer settles it. Guests get a link to sign in.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "~/components/ui/use-hydrated";

export function SaveJobButton({
  jobId,
  saved,
  canSave,
  back,
  jobTitle,
}: {
  jobId: string;
  saved: boolean;
  /** False for guests (a sign-in link instead) — admins get no button at all. */
  canSave: boolean;
  back: string;
  jobTitle: string;
}) {
  const fetcher = useFetcher<{ saved?: boolean }>();
  const hydrated = useHydrated();
  if (!canSave)
    return (
      <Link className="btn btn-ghost btn-sm" to={`/login?redirectTo=${encodeURIComponent(back)}`}>
        Sign in to save
      </Link>
    );
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  return (
    <fetcher.Form method="post" action="/saved-jobs" className="save-job-form">
      <input type="hidden" name="jobId" value={jobId} />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      {/* With JavaScript the answer is data for the fetcher, not a redirect (a navigation). */}
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <button
        type="submit"
        className={`btn btn-sm ${isSaved ? "btn-primary" : "btn-ghost"}`}
        aria-pressed={isSaved}
        aria-label={`${isSaved ? "Saved" : "Save job"}: ${jobTitle}`}
      >
        {isSaved ? "★ Saved" : "☆ Save job"}
      </button>
    </fetcher.Form>
  );
}
