/**
 * What the survey-invitation screens share with the server without loading it: the
 * messages and the reminder gap. invitations.server.ts re-exports all of this.
 */
export const INVITE_MSG = {
  notFound: "Survey not found",
  notActive: "Only an active survey can be sent: publish the survey first.",
  forbidden: "Only administrators can send survey invitations.",
  badLink: "This unsubscribe link is not valid.",
  unsubscribed: "You will no longer receive survey invitations or reminders by e-mail.",
} as const;

/**
 * A manual reminder skips people mailed less than this long ago: a double click or two instances
 * racing never remind anyone twice, and nobody gets a reminder minutes after the invitation.
 */
export const REMINDER_GAP_MINUTES = 60;
