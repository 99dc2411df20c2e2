/**
 * Row actions of Manage Users: Activate/Deactivate and Delete after a confirmation.
 * With JavaScript: window.confirm, then a fetcher; the status flips at once (optimistic, read from
 * the pending submission) and falls back to the server's truth when refused. Without JavaScript the
 * same forms post normally and the server answers with a confirmation step.
 */
import { useFetcher, useFetchers } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef } from "react";
import { confirmText } from "~/models/user/admin.schema";
import { notify } from "../ui/notify";
import type { UserActionResult, UserRowView } from "./types";

export interface PageErrorState {
  message: string;
  reason: string | null;
}
export const PageErrorContext = createContext<(e: PageErrorState | null) => void>(() => {});

/** The status the row should show now: the pending toggle's target while it is in flight. */
export function useOptimisticActive(user: UserRowView): boolean {
  const pending = useFetchers().find(
    (f) => f.formData?.get("intent") === "toggle" && f.formData.get("id") === user._id,
  );
  return pending ? pending.formData!.get("isActive") === "true" : user.isActive;
}

export function StatusBadge({ user }: { user: UserRowView }) {
  const active = useOptimisticActive(user);
  return (
    <span className={`badge ${active ? "badge-success" : "badge-danger"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}

function useResult(f: { state: string; data?: UserActionResult }) {
  const setPageError = useContext(PageErrorContext);
  const seen = useRef<unknown>(null);
  useEffect(() => {
    // The result is there while the list revalidates; a deleted row unmounts before 'idle'.
    if (f.state === "submitting" || !f.data || seen.current === f.data) return;
    seen.current = f.data;
    if (f.data.ok) {
      notify.success(f.data.message);
      setPageError(null);
    } else {
      notify.error(f.data.banner);
      setPageError({ message: f.data.pageError, reason: f.data.reason });
    }
  }, [f.state, f.data, setPageError]);
}

export function UserActions({ user, isSelf }: { user: UserRowView; isSelf: boolean }) {
  const toggle = useFetcher<UserActionResult>();
  const del = useFetcher<UserActionResult>();
  const isActive = useOptimisticActive(user);
  useResult(toggle);
  useResult(del);
  const deleting = del.state !== "idle" && del.formData?.get("intent") === "delete";
  const selfNote = isSelf ? "You cannot deactivate or delete your own account" : undefined;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="row-actions">
      <toggle.Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          if (!window.confirm(confirmText.toggle({ ...user, isActive }))) return;
          toggle.submit(
            {
              intent: "toggle",
              id: user._id,
              isActive: String(!isActive),
              confirm: "yes",
              js: "1",
            },
            { method: "post" },
          );
        }}
      >
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={user._id} />
        <input type="hidden" name="isActive" value={String(!isActive)} />
        <button
          type="submit"
          className="btn btn-sm"
          disabled={isSelf}
          title={selfNote}
          aria-label={`${isActive ? "Deactivate" : "Activate"} ${name}`}
        >
          {isActive ? "Deactivate" : "Activate"}
        </button>
      </toggle.Form>
      <del.Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          if (!window.confirm(confirmText.delete(user))) return;
          del.submit(
            { intent: "delete", id: user._id, confirm: "yes", js: "1" },
            { method: "post" },
          );
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={user._id} />
        <button
          type="submit"
          className="btn btn-sm btn-danger"
          disabled={isSelf}
          title={selfNote}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </del.Form>
      {/* A deleted row leaves the list at once (CSS hides the row holding this marker). */}
      {deleting ? <span data-deleting hidden /> : null}
    </div>
  );
}
