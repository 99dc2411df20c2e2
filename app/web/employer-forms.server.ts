/**
 * The employer screens' form schemas and conform's parse, kept in a `.server` module so
 * the browser bundle of /employers and /employer/team never carries zod (see forms.server.ts).
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { employerFormSchema, invitationSchema } from "~/models/employer/employer.schema";
