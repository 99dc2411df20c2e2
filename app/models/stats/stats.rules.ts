/** What the dashboards' numbers count, shared by the statistics model and the dashboard screens. */

/** The New Users card counts accounts created in this many days (and links to the same filter). */
export const NEW_USERS_DAYS = 30;
