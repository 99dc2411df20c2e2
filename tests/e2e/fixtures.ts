/** Accounts seeded before the e2e server starts (tests/e2e/serve.ts). Do not deactivate them. */
export const E2E_PASSWORD = "e2e-password-1";
export const accounts = {
  admin: {
    email: "admin@example.edu",
    firstName: "Ada",
    lastName: "Admin",
    role: "admin" as const,
  },
  student: {
    email: "student@example.edu",
    firstName: "Sam",
    lastName: "Student",
    role: "student" as const,
  },
  alumni: {
    email: "alumni@example.edu",
    firstName: "Alex",
    lastName: "Alumnus",
    role: "alumni" as const,
  },
  /** OJT: a coordinator of BSAE (serve.ts gives the programme) and a BSAE student of their own. */
  coordinator: {
    email: "coordinator@example.edu",
    firstName: "Cora",
    lastName: "Coordinator",
    role: "coordinator" as const,
  },
  ojtStudent: {
    email: "ojt.student@example.edu",
    firstName: "Olga",
    lastName: "Trainee",
    role: "student" as const,
  },
  /** OJT paperwork journey: a BSAE student of her own, so the two OJT journeys can run side by side. */
  paperworkStudent: {
    email: "ojt.paperwork@example.edu",
    firstName: "Paula",
    lastName: "Papers",
    role: "student" as const,
  },
};
export const mailDir = () => `tests/.tmp/e2e-${process.env.E2E_PORT}/mail`;
export const dataDir = () => `tests/.tmp/e2e-${process.env.E2E_PORT}/data`;
