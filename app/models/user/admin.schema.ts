/**
 * Isomorphic pieces of user administration: the list query read from URL or /api
 * parameters, the admin update payload, and the spec's messages. Shared by the screen, /api and tests.
 */
import { z } from "zod";
import { ROLES, STAFF_CREATE_ROLES, YEAR_LEVELS, type Role } from "#db/constants";
import { nullableChoice, nullableText } from "../fields.schema";
import {
  collegeEmailField,
  firstNameField,
  graduationYearPatchField,
  lastNameField,
} from "./user.schema";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "~/lib/paging";

export const USERS_MSG = {
  created: "The user has been created successfully",
  createFailed: "Error in creating a new user",
  unexpectedResponse: "Unexpected response from server",
  fetchFailed: "Failed to fetch users",
  empty: "No users found",
  loading: "Loading users...",
  statusBanner: "Error updating user status",
  statusPageError: "Failed to update user status",
  activated: "User has been activated successfully",
  deactivated: "User has been deactivated successfully",
  deleted: "User deleted successfully",
  deleteBanner: "Error deleting user",
  deletePageError: "Failed to delete user",
  notFound: "User not found",
  courseInvalid: "Please choose a valid course",
  selfDeactivate: "You cannot deactivate your own account",
  selfRole: "You cannot change your own role",
  selfDelete: "You cannot delete your own account",
  lastAdmin: "The last active administrator cannot be deactivated, demoted or deleted",
} as const;

/** Confirmation texts, verbatim. */
export const confirmText = {
  toggle: (u: { firstName: string; lastName: string; isActive: boolean }) =>
    `${u.isActive ? "Deactivate" : "Activate"} ${u.firstName} ${u.lastName}?`,
  delete: (u: { firstName: string; lastName: string }) =>
    `Delete ${u.firstName} ${u.lastName}? This cannot be undone.`,
};

export const USER_SORTS = ["name", "email", "role", "status", "createdAt"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATUSES = ["active", "inactive"] as const;

export interface UserListQuery {
  q: string;
  role: Role | null;
  status: "active" | "inactive" | null;
  /** Course id, code or exact name; resolved by the model. */
  course: string | null;
  /** E-mail verified (true), not yet (false), or either (null). */
  verified: boolean | null;
  /** Accounts created in the last N days (`?joined=30`, the New Users card), or any time (null). */
  joinedDays: number | null;
  page: number;
  size: number;
  sort: UserSort;
  dir: "asc" | "desc";
}

const pick = <T extends string>(v: string | null, allowed: readonly T[]): T | null =>
  v && (allowed as readonly string[]).includes(v) ? (v as T) : null;

/**
 * Reads the list query from search params. Lenient by design: a hand-edited URL with an unknown
 * value shows everything for that filter rather than an error page. `search` and `limit` are
 * accepted as aliases for API clients.
 */
export function readUserListQuery(params: URLSearchParams): UserListQuery {
  const q = (params.get("q") ?? params.get("search") ?? "").trim().slice(0, 100);
  const sizeRaw = Number.parseInt(
    params.get("size") ?? params.get("limit") ?? params.get("pageSize") ?? "",
    10,
  );
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : DEFAULT_PAGE_SIZE;
  const page = Math.max(
    1,
    Math.min(1_000_000, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  );
  const sort = pick(params.get("sort"), USER_SORTS) ?? "createdAt";
  const dirParam = params.get("dir");
  const dir =
    dirParam === "asc" || dirParam === "desc" ? dirParam : sort === "createdAt" ? "desc" : "asc";
  const course = (params.get("course") ?? "").trim().slice(0, 200) || null;
  return {
    q,
    role: pick(params.get("role"), ROLES),
    status: pick(params.get("status"), USER_STATUSES),
    course,
    verified: readVerified(params.get("verified")),
    joinedDays: readJoined(params.get("joined")),
    page,
    size,
    sort,
    dir,
  };
}

/** A whole number of days from 1 to 3660; anything else shows every account. */
function readJoined(v: string | null): number | null {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= 1 && n <= 3660 ? n : null;
}

/** 'true'/'yes'/'1' → true, 'false'/'no'/'0' → false, anything else (all, empty) → null. */
function readVerified(v: string | null): boolean | null {
  const s = (v ?? "").trim().toLowerCase();
  if (s === "true" || s === "yes" || s === "1") return true;
  if (s === "false" || s === "no" || s === "0") return false;
  return null;
}

/** True when an /api caller asked for a page; otherwise GET /api/admin/users answers the full array. */
export function wantsPaging(params: URLSearchParams): boolean {
  return ["page", "size", "limit", "pageSize"].some((k) => params.has(k));
}

/** A course given as an id/code/name or as an object with one of those (the spec's client sends either). */
export const courseRef = z.preprocess((v) => {
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return o._id ?? o.id ?? o.code ?? o.name ?? null;
  }
  return v;
}, nullableText(200));

/**
 * What an admin may change on a user (PUT /api/admin/users/{id}). Every key is optional; keys not
 * listed here (password hashes, verification, ids, timestamps, avatar) are dropped, never applied.
 * Aliases of the spec are accepted: userType for role, status for isActive, contactNumber for phone.
 */
export function adminUserPatchSchema(domain: string) {
  return z
    .object({
      firstName: firstNameField,
      lastName: lastNameField,
      email: collegeEmailField(domain),
      role: z.enum(STAFF_CREATE_ROLES, { error: "Please select user type" }),
      userType: z.enum(STAFF_CREATE_ROLES, { error: "Please select user type" }),
      studentId: nullableText(50),
      course: courseRef,
      yearLevel: nullableChoice(YEAR_LEVELS, "Please choose a valid year level"),
      graduationYear: graduationYearPatchField,
      phone: nullableText(40),
      contactNumber: nullableText(40),
      address: nullableText(300),
      bio: nullableText(2000),
      isActive: z.boolean({ error: "isActive must be true or false" }),
      status: z.enum(USER_STATUSES, { error: "Status must be active or inactive" }),
    })
    .partial()
    .transform(({ userType, contactNumber, status, ...rest }) => {
      const out: AdminUserPatch = { ...rest };
      if (out.role === undefined && userType !== undefined) out.role = userType;
      if (out.phone === undefined && contactNumber !== undefined) out.phone = contactNumber;
      if (out.isActive === undefined && status !== undefined) out.isActive = status === "active";
      return out;
    });
}

export interface AdminUserPatch {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: Role;
  studentId?: string | null;
  course?: string | null;
  yearLevel?: (typeof YEAR_LEVELS)[number] | null;
  graduationYear?: number | null;
  phone?: string | null;
  address?: string | null;
  bio?: string | null;
  isActive?: boolean;
}
