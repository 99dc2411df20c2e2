/** POST /api/upload/logo: the same handler as /upload/logo (see upload.logo.ts). */
export { action, loader } from "../upload.logo";
