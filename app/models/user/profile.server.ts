/**
 * Own profile: read, edit the allowed fields, change the photo. Role, e-mail, status and
 * verification are never touched here, whatever the request carries.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { users } from "#db/schema";
import type { Ctx } from "../context";
import { resolveCourse } from "../course/course.server";
import { NotFound, Unauthorized, ValidationError } from "~/lib/errors";
import { deleteImage, storeImage } from "../file/file.server";
import { USERS_MSG } from "./admin.schema";
import { PROFILE_MSG, type ProfilePatch } from "./profile.schema";
import {
  getUserWithCourse,
  serializeUser,
  userConflict,
  type PublicUser,
  type User,
} from "./user.server";

function me(ctx: Ctx) {
  if (!ctx.actor) throw new Unauthorized("Authentication required");
  return ctx.actor;
}

async function load(db: Db, id: string): Promise<PublicUser> {
  const row = await getUserWithCourse(db, id);
  if (!row) throw new NotFound(PROFILE_MSG.notFound);
  return serializeUser(row.user, row.course);
}

/** The signed-in user's profile. */
export async function getProfile(ctx: Ctx): Promise<PublicUser> {
  return load(ctx.db, me(ctx).id);
}

/**
 * Saves the allowed fields of the own profile. Student ID, course and year level belong to students
 * and alumni; an admin's copy of them is left alone.
 */
export async function updateProfile(ctx: Ctx, patch: ProfilePatch): Promise<PublicUser> {
  const actor = me(ctx);
  const next: Partial<User> = {};
  for (const k of ["firstName", "lastName", "phone", "address", "bio"] as const) {
    if (patch[k] !== undefined) (next as Record<string, unknown>)[k] = patch[k];
  }
  if (actor.role !== "admin") {
    if (patch.studentId !== undefined) next.studentId = patch.studentId;
    if (patch.yearLevel !== undefined) next.yearLevel = patch.yearLevel;
    if (patch.graduationYear !== undefined) next.graduationYear = patch.graduationYear;
    if (patch.course !== undefined) {
      if (patch.course === null) next.courseId = null;
      else {
        const c = await resolveCourse(ctx.db, patch.course);
        if (!c)
          throw new ValidationError(USERS_MSG.courseInvalid, { course: [USERS_MSG.courseInvalid] });
        next.courseId = c.id;
      }
    }
  }
  if (Object.keys(next).length) {
    try {
      const r = await ctx.db
        .update(users)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(users.id, actor.id))
        .returning({ id: users.id });
      if (!r.length) throw new NotFound(PROFILE_MSG.notFound);
    } catch (e) {
      throw userConflict(e);
    }
  }
  return load(ctx.db, actor.id);
}

/**
 * Replaces the profile photo: content-checked and re-encoded as a 256×256 square by `storeImage`
 * (400/413/415 on bad input); the previous photo is deleted.
 */
export async function updateProfilePhoto(ctx: Ctx, upload: Blob | null): Promise<PublicUser> {
  const actor = me(ctx);
  const image = await storeImage(ctx.db, upload, { kind: "avatar", actorId: actor.id });
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ avatarFileId: users.avatarFileId })
        .from(users)
        .where(eq(users.id, actor.id))
        .for("update");
      if (!before) throw new NotFound(PROFILE_MSG.notFound);
      await tx
        .update(users)
        .set({ avatarFileId: image.id, updatedAt: new Date() })
        .where(eq(users.id, actor.id));
      if (before.avatarFileId && before.avatarFileId !== image.id)
        await deleteImage(tx, before.avatarFileId, "avatar");
    });
  } catch (e) {
    await deleteImage(ctx.db, image.id, "avatar"); // do not keep an orphan
    throw e;
  }
  return load(ctx.db, actor.id);
}
