/**
 * User administration: the filtered, paged list and the admin's changes to
 * users. Safety rules live here, not in the screens: an admin cannot deactivate, demote or delete
 * their own account; the last active admin cannot be removed; deactivation and deletion end the
 * user's sessions and API tokens at once; every change is audited in the same transaction.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { type Db, type DbOrTx, type Tx, rowsOf } from "#db/client";
import { courses, users } from "#db/schema";
import {
  coordinatorCourseList,
  resolveCourseRefs,
  setCoordinatorCourses,
} from "../ojt/access.server";
import { audit, auditedFields, diff } from "../audit/audit.server";
import type { ConfiguredCtx } from "../auth/config";
import { assertNewPassword } from "../auth/password-policy.server";
import { revokeAllSessions } from "../auth/session.server";
import { dropUnusedPasswordTokens } from "../auth/password-reset.server";
import { deleteImage } from "../file/file.server";
import { withCompanyNames } from "../employer/account.server";
import { type Ctx, requireAdmin } from "../context";
import { resolveCourse } from "../course/course.server";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import { containsFolded } from "../search/match.server";
import { USERS_MSG, type AdminUserPatch, type UserListQuery } from "./admin.schema";
import type { UserRecordInput } from "./user.schema";
import {
  createAccount,
  personAccount,
  serializeUser,
  userConflict,
  type PublicUser,
  type User,
} from "./user.server";
import { isUuid } from "~/lib/ids";

const courseCols = { id: courses.id, code: courses.code, name: courses.name };

/**
 * The sort key of each Manage Users order: expressions compared as one row, all in the query's
 * direction, ending with the id so the order is total. Each has an index on exactly these
 * expressions (migration 0027), so a page at any depth and a keyset continuation read the index
 * instead of sorting every user. Status puts active first in ascending order (`not is_active`).
 */
const lowerFirst = sql`lower(${users.firstName})`;
const lowerLast = sql`lower(${users.lastName})`;
type SortKey = { expr: SQL | typeof users.id; type: "text" | "uuid" | "boolean" | "timestamptz" };
function sortKey(q: UserListQuery): SortKey[] {
  const id: SortKey = { expr: users.id, type: "uuid" };
  const byName: SortKey[] = [
    { expr: lowerFirst, type: "text" },
    { expr: lowerLast, type: "text" },
    id,
  ];
  switch (q.sort) {
    case "name":
      return byName;
    case "email":
      // E-mails are unique (case-insensitively), so the id never decides; it keeps the key total.
      return [{ expr: sql`${users.email}`, type: "text" }, id];
    case "role":
      return [{ expr: sql`${users.role}`, type: "text" }, ...byName];
    case "status":
      return [{ expr: sql`(not ${users.isActive})`, type: "boolean" }, ...byName];
    default:
      return [{ expr: sql`${users.createdAt}`, type: "timestamptz" }, id];
  }
}

function orderBy(q: UserListQuery): SQL[] {
  const d = q.dir === "asc" ? asc : desc;
  return sortKey(q).map((k) => d(k.expr));
}

/** The sort key's values of a row, as text (exact for every type, timestamps to the microsecond). */
function keyColumns(q: UserListQuery) {
  return Object.fromEntries(
    sortKey(q).map((k, i) => [`k${i}`, sql<string>`(${k.expr})::text`]),
  ) as Record<string, SQL<string>>;
}

/** Rows after `after` (the key values of the last row read) in the query's order. */
function seekAfter(q: UserListQuery, after: string[]): SQL {
  const keys = sortKey(q);
  const cols = sql.join(
    keys.map((k) => sql`${k.expr}`),
    sql`, `,
  );
  const vals = sql.join(
    // Sent as text and cast by the database: postgres.js would otherwise serialise the value with
    // the parameter's inferred type (a boolean from the string "true" becomes false, a timestamp
    // loses its microseconds).
    keys.map((k, i) => sql`${after[i]}::text::${sql.raw(k.type)}`),
    sql`, `,
  );
  return q.dir === "asc" ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}

/** Accounts created in the last `days` days: the Manage Users filter and the New Users count. */
export const createdWithinDays = (days: number): SQL =>
  sql`${users.createdAt} >= now() - make_interval(days => ${days})`;

async function listConditions(db: Db, q: UserListQuery): Promise<SQL[] | null> {
  const conds: SQL[] = [];
  if (q.q) {
    // One accent-blind match over "first last email" (the trigram index's expression, 0002),
    // or the whole personal address (its unique index).
    conds.push(
      sql`(${containsFolded(
        sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}`,
        q.q,
      )} or lower(${users.personalEmail}) = ${q.q.trim().toLowerCase()})`,
    );
  }
  if (q.role) conds.push(eq(users.role, q.role));
  if (q.status) conds.push(eq(users.isActive, q.status === "active"));
  if (q.verified !== null && q.verified !== undefined)
    conds.push(q.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  if (q.joinedDays) conds.push(createdWithinDays(q.joinedDays));
  if (q.course) {
    const c = await resolveCourse(db, q.course);
    if (!c) return null; // an unknown course matches nobody
    conds.push(eq(users.courseId, c.id));
  }
  return conds;
}

/** Rows skipped from which a Manage Users page is read from whichever end of the list is nearer. */
const DEEP_OFFSET = 1000;

/**
 * Above this many users the Manage Users screen does not count them on every page: the unfiltered
 * list shows the planner's estimate ("about"), a filtered one "more than" this (a count capped here).
 */
export const EXACT_COUNT_MAX = 10_000;

/**
 * How a page counts its list: `exact` (the /api contract's `total`), or exact only up to
 * `estimateAbove` and an estimate or a lower bound above it (the screen).
 */
export type Counting = "exact" | { estimateAbove: number };

export interface UserPage {
  users: PublicUser[];
  total: number;
  page: number;
  size: number;
  pages: number;
  /**
   * Only when `total` is not exact: `about` — the planner's estimate of all users; `more` — more
   * than `total` users match the filters. `pages` is then as approximate as `total`.
   */
  approx?: "about" | "more";
}

/**
 * One page of users with the Manage Users filters (search on first + last name or e-mail, case-
 * insensitive; role; status; course), sorted, with the total. A page past the end becomes the last.
 */
export async function listUsers(
  ctx: Ctx,
  q: UserListQuery,
  /** Rows skipped from which the page is read from the nearer end (a test walks with 0). */
  deepFrom = DEEP_OFFSET,
  counting: Counting = "exact",
): Promise<UserPage> {
  requireAdmin(ctx);
  const conds = await listConditions(ctx.db, q);
  if (!conds) return { users: [], total: 0, page: 1, size: q.size, pages: 1 };
  const where = conds.length ? and(...conds) : undefined;
  // Deferred join: sort and skip over narrow (id) tuples, then fetch the 10–50 full rows. The sort
  // indexes cover the key and the filters (0030), so the skipped rows are read from the index only.
  // A page in the back half of the list is read from the other end, backwards (the same index read
  // in reverse), so no page skips more than half the list; its rows are put back in order here.
  const fetchPage = (page: number, total: number | null, extra = 0) => {
    const offset = (page - 1) * q.size;
    const fromEnd = total !== null && offset > total / 2;
    const reversed: UserListQuery = fromEnd ? { ...q, dir: q.dir === "asc" ? "desc" : "asc" } : q;
    const skip = fromEnd ? Math.max(0, total - offset - q.size) : offset;
    const take = fromEnd ? Math.min(q.size, total - offset) : q.size + extra;
    const ids = ctx.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...orderBy(reversed))
      .limit(Math.max(0, take))
      .offset(skip)
      .as("page_ids");
    const rows = ctx.db
      .select({ user: users, course: courseCols })
      .from(ids)
      .innerJoin(users, eq(users.id, ids.id))
      .leftJoin(courses, eq(courses.id, users.courseId))
      .orderBy(...orderBy(q));
    return rows;
  };
  const countAll = () =>
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(where)
      .then(([r]) => r.n);
  const serialized = async (rows: Awaited<ReturnType<typeof fetchPage>>) =>
    withCompanyNames(
      ctx.db,
      rows.map((r) => serializeUser(r.user, r.course?.id ? r.course : null)),
    );

  if (counting !== "exact") {
    const cap = counting.estimateAbove;
    const offset = (q.page - 1) * q.size;
    const bound = await boundedCount(ctx.db, where, cap);
    // Within the first `cap` rows of a list larger than `cap`: read from the front (at most `cap`
    // index entries skipped) with one row more, which says whether a next page exists. Deeper, or
    // on a smaller list, the page counts exactly as below.
    if (bound.approx && offset < cap) {
      const rows = await fetchPage(q.page, null, 1);
      if (rows.length || q.page === 1) {
        const hasNext = rows.length > q.size;
        const shown = rows.slice(0, q.size);
        const out = await serialized(shown);
        // The last page: the total is now known exactly.
        if (!hasNext) {
          const n = offset + shown.length;
          return { users: out, total: n, page: q.page, size: q.size, pages: q.page };
        }
        // "about": the estimate's page count; "more": one more page than the cap fills (a lower
        // bound, shown as "more than pages − 1"); never fewer than this page and the next.
        const n = Math.max(bound.n, offset + q.size + 1);
        const pages = bound.approx === "about" ? Math.ceil(n / q.size) : Math.floor(n / q.size) + 1;
        return {
          users: out,
          total: n,
          page: q.page,
          size: q.size,
          pages: Math.max(q.page + 1, pages),
          approx: bound.approx,
        };
      }
      // A page past the end of a list the estimate made too long: counted exactly below.
    } else if (!bound.approx) {
      // Counted already (no more than `cap`).
      const pages = Math.max(1, Math.ceil(bound.n / q.size));
      const page = Math.min(q.page, pages);
      const rows = await fetchPage(page, bound.n);
      return { users: await serialized(rows), total: bound.n, page, size: q.size, pages };
    }
  }

  // A deep page waits for the total to choose its end; the first pages run beside the count.
  const deep = (q.page - 1) * q.size >= deepFrom;
  let n: number;
  let rows0: Awaited<ReturnType<typeof fetchPage>> | null = null;
  if (deep) n = await countAll();
  else [rows0, n] = await Promise.all([fetchPage(q.page, null), countAll()]);
  const pages = Math.max(1, Math.ceil(n / q.size));
  const page = Math.min(q.page, pages);
  const rows = rows0 && page === q.page ? rows0 : await fetchPage(page, n);
  return {
    users: await serialized(rows),
    total: n,
    page,
    size: q.size,
    pages,
  };
}

/**
 * The users matching `where`, counted exactly only up to `cap`. Without filters, the planner's
 * row estimate of the table (pg_class.reltuples, kept by ANALYZE and autovacuum) decides: above
 * `cap` it is the answer, labelled "about"; below it (or never analysed, -1) the exact count. With
 * filters, a count that stops at `cap + 1` rows: above `cap`, "more than `cap`".
 */
async function boundedCount(
  db: Db,
  where: SQL | undefined,
  cap: number,
): Promise<{ n: number; approx?: "about" | "more" }> {
  if (!where) {
    const [est] = await rowsOf<{ n: number | string }>(
      db,
      sql`select reltuples::bigint as n from pg_class where oid = 'users'::regclass`,
    );
    const n = Number(est?.n ?? -1);
    // Shown to two significant figures: 50 001 is "about 50 000".
    const unit = n > 0 ? 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1) : 1;
    if (n > cap) return { n: Math.round(n / unit) * unit, approx: "about" };
  }
  const [r] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${users} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) capped`,
  );
  const n = Number(r?.n ?? 0);
  return n > cap ? { n: cap, approx: "more" } : { n };
}

/**
 * Every user matching the filters, unpaged, in one query and one array (the CLI and tests; GET
 * /api/admin/users streams the same rows with `streamAllUsers`).
 */
export async function listAllUsers(ctx: Ctx, q: UserListQuery): Promise<PublicUser[]> {
  requireAdmin(ctx);
  const conds = await listConditions(ctx.db, q);
  if (!conds) return [];
  const rows = await ctx.db
    .select({ user: users, course: courseCols })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...orderBy(q));
  return withCompanyNames(
    ctx.db,
    rows.map((r) => serializeUser(r.user, r.course?.id ? r.course : null)),
  );
}

/** Users per query of `streamAllUsers`. */
export const STREAM_BATCH = 1000;
/** The first batch is small, so that the answer starts at once; the rest come STREAM_BATCH a time. */
const FIRST_STREAM_BATCH = 100;

/**
 * Every user matching the filters in the list's order, in batches: a keyset continuation over the
 * sort's index (each batch seeks past the last row of the one before), so the first batch comes at
 * once, memory holds one batch, and no connection or transaction stays open between batches (PGlite
 * serves other requests in between). Not one snapshot: a user changed while the batches are read
 * shows as the batch that reads it finds it.
 */
export async function* streamAllUsers(
  ctx: Ctx,
  q: UserListQuery,
  batchSize = STREAM_BATCH,
): AsyncGenerator<PublicUser[]> {
  requireAdmin(ctx);
  const conds = await listConditions(ctx.db, q);
  if (!conds) return;
  let after: string[] | null = null;
  for (let size = Math.min(FIRST_STREAM_BATCH, batchSize); ; size = batchSize) {
    const where: SQL[] = after ? [...conds, seekAfter(q, after)] : conds;
    const rows = await ctx.db
      .select({ user: users, course: courseCols, key: keyColumns(q) })
      .from(users)
      .leftJoin(courses, eq(courses.id, users.courseId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(...orderBy(q))
      .limit(size);
    if (!rows.length) return;
    yield await withCompanyNames(
      ctx.db,
      rows.map((r) => serializeUser(r.user, r.course?.id ? r.course : null)),
    );
    if (rows.length < size) return;
    const last = rows[rows.length - 1].key;
    after = Object.keys(last).map((_, i) => last[`k${i}`]);
  }
}

async function loadPublic(db: DbOrTx, id: string): Promise<PublicUser> {
  const [row] = await db
    .select({ user: users, course: courseCols })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new NotFound(USERS_MSG.notFound);
  return serializeUser(row.user, row.course?.id ? row.course : null);
}

/** One user for an admin, or NotFound. */
export async function getUserForAdmin(ctx: Ctx, id: string): Promise<PublicUser> {
  requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(USERS_MSG.notFound);
  return loadPublic(ctx.db, id);
}

/** The fields of a user an admin's edit sets as they are sent (the programme is resolved). */
const EDITABLE = [
  "firstName",
  "lastName",
  "email",
  "role",
  "studentId",
  "yearLevel",
  "graduationYear",
  "phone",
  "address",
  "bio",
  "isActive",
] as const;

/** The fields an audit entry records about a user (never the password hash). */
function auditView(u: User) {
  return {
    ...auditedFields(u, [...EDITABLE, "courseId"]),
    isEmailVerified: !!u.emailVerifiedAt,
  };
}

async function courseIdOf(
  db: Db,
  value: string | null | undefined,
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const c = await resolveCourse(db, value);
  if (!c) throw new ValidationError(USERS_MSG.courseInvalid, { course: [USERS_MSG.courseInvalid] });
  return c.id;
}

/**
 * Creates a user as an administrator (Create User; the rules are already applied by `userRecordSchema`):
 * active and e-mail verified, password hashed; admins carry no student fields.
 */
export async function createUserByAdmin(
  ctx: ConfiguredCtx,
  input: UserRecordInput,
): Promise<PublicUser> {
  const actor = requireAdmin(ctx);
  if (!input.password)
    throw new ValidationError("Password is required", { password: ["Password is required"] });
  await assertNewPassword(input.password, ctx.config, input);
  // Admins and coordinators carry no student fields; a coordinator has their programmes instead.
  const isAdminRole = input.userType === "admin" || input.userType === "coordinator";
  const coordinatorCourses =
    input.userType === "coordinator" ? await resolveCourseRefs(ctx.db, input.courses ?? []) : [];
  const courseId = isAdminRole ? null : await courseIdOf(ctx.db, input.course);
  const account = {
    ...personAccount({ ...input, password: input.password }),
    studentId: isAdminRole ? null : input.studentId,
    courseId: courseId ?? null,
    yearLevel: isAdminRole ? null : input.yearLevel,
    graduationYear: isAdminRole ? null : input.graduationYear,
    phone: input.phone,
    emailVerifiedAt: new Date(),
  };
  return createAccount(ctx.db, account, async (tx, u) => {
    if (coordinatorCourses.length) await setCoordinatorCourses(tx, u.id, coordinatorCourses);
    await audit(tx, actor, {
      action: "user.create",
      entityType: "user",
      entityId: u.id,
      before: null,
      after: coordinatorCourses.length ? { ...auditView(u), coordinatorCourses } : auditView(u),
    });
    const pub = await loadPublic(tx, u.id);
    return coordinatorCourses.length
      ? { ...pub, coordinatorCourses: await coordinatorCourseList(tx, u.id) }
      : pub;
  });
}

/**
 * Serialises every change that could remove an administrator, so two admins deactivating each
 * other at the same moment cannot leave the system with none (the second sees the first's commit).
 */
/** Serialises changes that could remove the last active admin (advisory lock, per transaction). */
export async function lockAdmins(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('runway:admins'))`);
}

/** Active admins other than `id`. */
export async function otherActiveAdmins(tx: Tx, id: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true), ne(users.id, id)));
  return n;
}

/**
 * Ends every way in: sessions, API tokens and unused reset/invite links. On deactivation the web
 * sessions stay as ended rows so their browsers are told the account is deactivated.
 */
export async function endAccess(tx: Tx, id: string, opts: { deactivated?: boolean } = {}) {
  await revokeAllSessions(tx, id, {
    reason: opts.deactivated ? "deactivated" : undefined,
  });
  await dropUnusedPasswordTokens(tx, id);
}

/**
 * Applies an admin's change to a user (only the fields of `AdminUserPatch`). Refuses self-
 * deactivation, self-demotion and removing the last active admin; deactivation ends all access.
 */
export async function updateUserByAdmin(
  ctx: Ctx,
  id: string,
  patch: AdminUserPatch,
): Promise<PublicUser> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(USERS_MSG.notFound);
  if (id === actor.id) {
    if (patch.isActive === false) throw new Forbidden(USERS_MSG.selfDeactivate);
    if (patch.role !== undefined && patch.role !== "admin") throw new Forbidden(USERS_MSG.selfRole);
  }
  const courseId = await courseIdOf(ctx.db, patch.course);
  const mayRemoveAdmin =
    patch.isActive === false || (patch.role !== undefined && patch.role !== "admin");
  return ctx.db.transaction(async (tx) => {
    if (mayRemoveAdmin) await lockAdmins(tx);
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new NotFound(USERS_MSG.notFound);

    const next: Partial<User> = {};
    for (const k of EDITABLE) {
      if (patch[k] !== undefined) (next as Record<string, unknown>)[k] = patch[k];
    }
    if (courseId !== undefined) next.courseId = courseId;
    const change = diff(auditView(before), auditView({ ...before, ...next }));
    if (Object.keys(change.after).length === 0) return loadPublic(tx, id);

    const removesAdmin =
      before.role === "admin" &&
      before.isActive &&
      (next.isActive === false || (next.role !== undefined && next.role !== "admin"));
    if (removesAdmin && (await otherActiveAdmins(tx, id)) === 0)
      throw new Conflict(USERS_MSG.lastAdmin);

    try {
      await tx
        .update(users)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(users.id, id));
    } catch (e) {
      throw userConflict(e);
    }
    if (before.isActive && next.isActive === false) await endAccess(tx, id, { deactivated: true });

    const keys = Object.keys(change.after);
    const action =
      keys.length === 1 && keys[0] === "isActive"
        ? next.isActive
          ? "user.activate"
          : "user.deactivate"
        : "user.update";
    await audit(tx, actor, {
      action,
      entityType: "user",
      entityId: id,
      ...change,
    });
    return loadPublic(tx, id);
  });
}

/** Activates or deactivates a user (the Manage Users toggle; PUT {isActive}). */
export async function setUserActive(ctx: Ctx, id: string, isActive: boolean): Promise<PublicUser> {
  return updateUserByAdmin(ctx, id, { isActive });
}

/** Deletes a user (not oneself, not the last active admin); sessions and tokens end with it. */
export async function deleteUserByAdmin(ctx: Ctx, id: string): Promise<{ id: string }> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(USERS_MSG.notFound);
  if (id === actor.id) throw new Forbidden(USERS_MSG.selfDelete);
  return ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new NotFound(USERS_MSG.notFound);
    if (before.role === "admin" && before.isActive && (await otherActiveAdmins(tx, id)) === 0)
      throw new Conflict(USERS_MSG.lastAdmin);
    await endAccess(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    // The photo belonged to this user alone; logos are never avatars.
    if (before.avatarFileId) await deleteImage(tx, before.avatarFileId, "avatar");
    await audit(tx, actor, {
      action: "user.delete",
      entityType: "user",
      entityId: id,
      before: auditView(before),
      after: null,
    });
    return { id };
  });
}
