/**
 * Notifications of the survey admin area: 4 s default, 3 s success, 5 s error. Its timings live
 * here, not in ui/notify.tsx, which every page loads. A route may move the shell's Toaster with
 * `handle = { toaster }`.
 */
import { notify, type NoticeKind } from "../ui/notify";

const D: Record<NoticeKind, number | null> = {
  blank: 4000,
  info: 4000,
  error: 5000,
  success: 3000,
  loading: null,
};

const duration = (kind: "info" | "success" | "error") => ({ duration: D[kind] ?? undefined });

export const surveyNotify = {
  info: (m: string) => notify.info(m, duration("info")),
  success: (m: string) => notify.success(m, duration("success")),
  error: (m: string) => notify.error(m, duration("error")),
};
