import type { Db } from "#db/client";
import type { Role } from "#db/constants";

/** Who is acting: a signed-in user, or null for guests, the CLI acts as `system`. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
}
export interface Ctx {
  db: Db;
  actor: Actor | null;
}
