/** Notifications of the survey admin area: 4 s default, 3 s success, 5 s error, shown top-right. */
import { notify } from "../ui/notify";

export const surveyNotify = {
  info: (m: string) => notify.info(m, { duration: 4000 }),
  success: (m: string) => notify.success(m, { duration: 3000 }),
  error: (m: string) => notify.error(m, { duration: 5000 }),
};
