/** Who is signed in: avatar (or initials), display name, user type and the Logout button. */
import { Form } from "@remix-run/react";
import { imageSources } from "~/lib/image-src";
import type { PublicUser } from "~/models/user/user.server";
import { displayName, userInitials } from "~/models/user/names";
import { roleLabel } from "./menu";

type BarUser = Pick<
  PublicUser,
  "role" | "avatarUrl" | "email" | "firstName" | "lastName" | "fullName" | "name"
>;

export function Avatar({ user, size = 32 }: { user: BarUser; size?: number }) {
  // Decorative: the name is printed right next to it.
  return user.avatarUrl ? (
    <img
      className="avatar"
      {...imageSources(user.avatarUrl, size)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  ) : (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{ width: size, height: size }}
    >
      {userInitials(user)}
    </span>
  );
}

export function UserBlock({ user, className = "" }: { user: BarUser; className?: string }) {
  return (
    <div className={`nav-user ${className}`.trim()}>
      <Avatar user={user} />
      <span className="nav-user-text">
        <span className="visually-hidden">Signed in as </span>
        <span className="nav-user-name">{displayName(user)}</span>
        <span className="visually-hidden">, </span>
        <span className="nav-user-role badge badge-accent">{roleLabel(user.role)}</span>
      </span>
      <Form method="post" action="/logout" className="nav-logout">
        <button type="submit" className="btn btn-sm btn-outline">
          Logout
        </button>
      </Form>
    </div>
  );
}
