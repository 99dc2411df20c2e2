/** A round profile photo, or the initials when there is none. */
import { imageSources } from "~/lib/image-src";
import { userInitials } from "~/models/user/names";

export function Avatar({
  url,
  firstName,
  lastName,
  size = 96,
}: {
  url: string | null;
  firstName: string;
  lastName: string;
  size?: number;
}) {
  const initials = userInitials({ firstName, lastName });
  return url ? (
    <img
      className="avatar"
      {...imageSources(url, size)}
      alt={`Profile photo of ${firstName} ${lastName}`}
      width={size}
      height={size}
      // The size of the initials circle it replaces (the shared `.avatar` rule is the nav's 32 px).
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="avatar avatar-initials"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
