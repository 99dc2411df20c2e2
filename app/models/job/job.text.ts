/**
 * The job screens' texts, apart from job.board.ts (which re-exports them) so that the job page,
 * whose Apply Now and facts need only these, does not load the board's deadline and URL helpers.
 */

/** Screen texts of the board and /admin/jobs, verbatim. */
export const JOB_TEXT = {
  boardTitle: "Internships and Jobs Available:",
  boardEmpty: "No matching active jobs.",
  adminEmpty: "No jobs found.",
  clearFilters: "Clear filters",
  applyNow: "Apply Now",
  /** Where Apply Now would be when a job gives no apply link, apply e-mail or company website. */
  howToApplyHeading: "How to apply",
  noApplyRoute:
    "This posting gives no apply link, e-mail address or company website. Apply as the description above says, or ask the career office how to reach the employer.",
  /** On a card, instead of Apply Now for such a job: a link to the job page's instructions. */
  seeHowToApply: "How to apply",
  allowance: "Allowance",
} as const;
