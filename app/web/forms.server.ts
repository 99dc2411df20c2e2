/**
 * The form screens' schemas and conform's parse, for their actions and loaders. A `.server` module
 * so the browser build never sees it: Remix keeps a route file's imports in the page's JavaScript
 * even when only the action uses them, and these carry zod (~90 KB gzipped). The browser's copy of
 * the same rules loads on first touch from components/forms/validators.ts (ADR 099).
 */
export { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
export { alertInputSchema, alertPatchSchema } from "~/models/alert/alert.schema";
export { profileFormSchema } from "~/models/user/profile.schema";
export {
  forgotPasswordSchema,
  loginSchema,
  registerFormSchema,
  resetPasswordFormSchemaOf,
} from "~/models/user/user.schema";
export { reportInputSchema } from "~/models/job/report.schema";
