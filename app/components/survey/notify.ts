/** Notifications of the survey admin area: 4 s default, 3 s success, 5 s error. */
import { notify, SURVEY_ADMIN_DURATIONS as D } from "../ui/notify";

const duration = (kind: "info" | "success" | "error") => ({ duration: D[kind] ?? undefined });

export const surveyNotify = {
  info: (m: string) => notify.info(m, duration("info")),
  success: (m: string) => notify.success(m, duration("success")),
  error: (m: string) => notify.error(m, duration("error")),
};
