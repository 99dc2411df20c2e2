/** The profile in view mode. */
import type { PublicUser } from "~/models/user/user.server";

export function ProfileView({ profile }: { profile: PublicUser }) {
  const isStudentish = profile.role === "student" || profile.role === "alumni";
  const rows: Array<[string, string | null]> = [
    ["First Name", profile.firstName],
    ["Last Name", profile.lastName],
    ["Email", profile.email],
    ["Phone", profile.phone],
    ["Address", profile.address],
    ...(isStudentish
      ? ([
          ["Student ID", profile.studentId],
          ["Course", profile.course?.name ?? null],
          ["Year Level", profile.yearLevel],
          ["Graduation Year", profile.graduationYear?.toString() ?? null],
        ] as Array<[string, string | null]>)
      : []),
    ["Bio", profile.bio],
  ];
  return (
    <dl className="profile-list">
      {rows.map(([label, value]) => (
        <div key={label} className="profile-row">
          <dt>{label}</dt>
          <dd className={value ? undefined : "muted"}>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
