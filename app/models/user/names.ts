/**
 * How a person is named on screen: the display name and the avatar's initials. No zod here, so
 * the layout (on every page) loads no validation library; user.schema.ts re-exports these.
 */

/** Display name: name, full name, first + last, e-mail, else 'User'. */
export function displayName(
  u:
    | {
        name?: string | null;
        fullName?: string | null;
        firstName?: string | null;
        lastName?: string | null;
        email?: string | null;
      }
    | null
    | undefined,
): string {
  if (!u) return "User";
  const fl = [u.firstName, u.lastName].filter((x) => x && x.trim()).join(" ");
  return (u.name?.trim() || u.fullName?.trim() || fl || u.email?.trim() || "User") as string;
}

/** The first letter (or digit) of a word, composed (NFC) so an accented capital stays one letter. */
function firstLetter(word: string | null | undefined): string {
  return Array.from((word ?? "").normalize("NFC")).find((ch) => /[\p{L}\p{N}]/u.test(ch)) ?? "";
}

/** Up to two initials from free text (a display name or an e-mail): its first and last words. */
export function initialsOf(text: string): string {
  const words = text
    .replace(/@.*$/, "")
    .split(/[\s._-]+/)
    .filter((w) => firstLetter(w));
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map(firstLetter).join("").toUpperCase() || "U";
}

/**
 * The avatar placeholder's initials, the same in the navigation bar, the profile and the user
 * tables: first letters of first and last name; without names, of the display name or e-mail.
 */
export function userInitials(u: {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  fullName?: string | null;
  email?: string | null;
}): string {
  const fromNames = `${firstLetter(u.firstName)}${firstLetter(u.lastName)}`.toUpperCase();
  return fromNames || initialsOf(displayName(u));
}
