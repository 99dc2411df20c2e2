/** The Manage Users table: Name, Email, Role badge, Year/Course, Status badge, Actions. */
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable, type TableState } from "../data-table/data-table";
import { EmailState } from "./email-state";
import { EmployerState } from "./employer-state";
import { StatusBadge, UserActions } from "./user-actions";
import { imageSources } from "~/lib/image-src";
import { USERS_MSG } from "~/models/user/admin.schema";
import { userInitials } from "~/models/user/names";
import { yearCourse, type UserRowView } from "./types";
import { useSaveData } from "~/components/ui/save-data";

const ROLE_BADGE: Record<string, string> = {
  admin: "badge-accent",
  alumni: "badge-warning",
  student: "badge",
  employer: "badge-success",
};

/** The row's avatar (decorative: the name follows), initials by the one shared rule. */
function UserAvatar({ user }: { user: UserRowView }) {
  const saveData = useSaveData();
  return user.avatarUrl && !saveData ? (
    <img
      className="avatar"
      {...imageSources(user.avatarUrl, 28)}
      alt=""
      width={28}
      height={28}
      loading="lazy"
    />
  ) : (
    <span className="avatar avatar-initials" aria-hidden="true" style={{ width: 28, height: 28 }}>
      {userInitials(user)}
    </span>
  );
}

export function UsersTable({
  users,
  state,
  total,
  meId,
}: {
  users: UserRowView[];
  state: TableState;
  total: number;
  meId: string;
}) {
  // Stable cell renderers: TanStack renders each as a component, so a new function per render
  // would remount every cell (and lose the row's fetcher state).
  const columns = useMemo<ColumnDef<UserRowView, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        cell: ({ row }) => (
          <span className="user-name">
            <UserAvatar user={row.original} /> {row.original.firstName} {row.original.lastName}
            {row.original._id === meId ? <span className="muted"> (you)</span> : null}
          </span>
        ),
      },
      {
        id: "email",
        header: "Email",
        cell: ({ row }) => (
          // One element: the phone layout makes each child of the cell a grid item.
          <span className="user-email-cell">
            <span className="user-email">{row.original.email}</span>{" "}
            <EmailState user={row.original} />
            {row.original.personalEmail ? (
              <span className="user-email user-email-personal">
                <span className="muted">Personal:</span> {row.original.personalEmail}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: "role",
        header: "Role",
        cell: ({ row }) => (
          <span className={`badge ${ROLE_BADGE[row.original.role] ?? "badge"}`}>
            {row.original.role}
          </span>
        ),
      },
      {
        id: "yearCourse",
        header: "Year/Course",
        // Employers: their company, trust badges and Verify / Block / Unblock.
        cell: ({ row }) =>
          row.original.employer ? <EmployerState user={row.original} /> : yearCourse(row.original),
      },
      { id: "status", header: "Status", cell: ({ row }) => <StatusBadge user={row.original} /> },
      {
        id: "actions",
        header: "Actions",
        cell: ({ row }) => <UserActions user={row.original} isSelf={row.original._id === meId} />,
      },
    ],
    [meId],
  );
  return (
    <div className="users-table">
      <DataTable
        data={users}
        columns={columns}
        state={state}
        total={total}
        empty={USERS_MSG.empty}
        sortable={["name", "email", "role", "status"]}
        caption="Users"
        rowKey={(u) => u._id}
        pager={false}
      />
    </div>
  );
}
