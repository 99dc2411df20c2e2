/**
 * Factories for the tests. They write through the same model
 * functions as the app where one exists, so fixtures obey the real rules.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { JobStatus, JobType, Role } from "../../db/constants";
import { companies, courses, jobs, surveyQuestions, surveys } from "../../db/schema";
import { hashPassword } from "../../app/models/auth/password.server";
import { insertUser } from "../../app/models/user/user.server";

export const DEFAULT_PASSWORD = "correct-horse-42";
let defaultHash: Promise<string> | undefined;

const uniq = () => randomBytes(4).toString("hex");

export async function courseId(db: Db, code = "BSAE"): Promise<string> {
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.code, code));
  if (!c) throw new Error(`course ${code} not seeded`);
  return c.id;
}

export interface UserOverrides {
  email?: string;
  password?: string | null;
  role?: Role;
  firstName?: string;
  lastName?: string;
  studentId?: string | null;
  courseCode?: string | null;
  yearLevel?: string | null;
  phone?: string | null;
  isActive?: boolean;
  verified?: boolean;
  createdAt?: Date;
}

/** A user (verified and active unless told otherwise) and the password that logs them in. */
export async function createUser(db: Db, o: UserOverrides = {}) {
  const role = o.role ?? "student";
  const password = o.password === undefined ? DEFAULT_PASSWORD : o.password;
  let passwordHash: string | null = null;
  if (password === DEFAULT_PASSWORD)
    passwordHash = await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  else if (password) passwordHash = await hashPassword(password);
  const u = uniq();
  const user = await insertUser(db, {
    email: o.email ?? `${role}.${u}@example.edu`,
    passwordHash,
    role,
    firstName: o.firstName ?? "Test",
    lastName: o.lastName ?? `User ${u}`,
    studentId: o.studentId === undefined ? (role === "admin" ? null : `S-${u}`) : o.studentId,
    courseId:
      o.courseCode === null
        ? null
        : role === "admin" && !o.courseCode
          ? null
          : await courseId(db, o.courseCode ?? "BSAE"),
    yearLevel:
      o.yearLevel === undefined
        ? role === "admin"
          ? null
          : role === "alumni"
            ? "Graduate"
            : "4th Year"
        : o.yearLevel,
    phone: o.phone ?? null,
    isActive: o.isActive ?? true,
    emailVerifiedAt: o.verified === false ? null : new Date(),
  });
  if (o.createdAt) {
    const { users } = await import("../../db/schema");
    await db.update(users).set({ createdAt: o.createdAt }).where(eq(users.id, user.id));
  }
  return { user, password: password ?? "" };
}

/** A new user of `role` (the defaults above) and a model context acting as them. */
export async function actingAs<R extends Role>(db: Db, role: R) {
  const { user } = await createUser(db, { role });
  return { db, actor: { id: user.id, role, email: user.email } };
}

export async function createCompany(db: Db, o: Partial<typeof companies.$inferInsert> = {}) {
  const [c] = await db
    .insert(companies)
    .values({
      name: o.name ?? `Company ${uniq()}`,
      location: o.location ?? "Pasay City",
      website: o.website === undefined ? "https://example.com" : o.website,
      email: o.email ?? null,
      phone: o.phone ?? null,
      description: o.description ?? null,
      logoFileId: o.logoFileId ?? null,
    })
    .returning();
  return c;
}

export interface JobOverrides {
  title?: string;
  companyId?: string;
  jobType?: JobType;
  location?: string | null;
  categories?: string[];
  shortDescription?: string | null;
  description?: string | null;
  status?: JobStatus;
  isApproved?: boolean;
  createdAt?: Date;
}

/** A job; approved and active by default (what students can see). */
export async function createJob(db: Db, o: JobOverrides = {}) {
  const companyId = o.companyId ?? (await createCompany(db)).id;
  const [j] = await db
    .insert(jobs)
    .values({
      title: o.title ?? `Aircraft Technician ${uniq()}`,
      companyId,
      jobType: o.jobType ?? "internship",
      location: o.location === undefined ? "Manila" : o.location,
      categories: o.categories ?? ["Maintenance"],
      shortDescription: o.shortDescription ?? null,
      description: o.description ?? "Work on real aircraft with licensed engineers.",
      status: o.status ?? "active",
      isApproved: o.isApproved ?? true,
      ...(o.createdAt ? { createdAt: o.createdAt, updatedAt: o.createdAt } : {}),
    })
    .returning();
  return j;
}

export interface QuestionSpec {
  text: string;
  type: "short_text" | "long_text" | "multiple_choice" | "checkbox" | "rating";
  required?: boolean;
  options?: string[];
  scaleMax?: number;
}

export async function createSurvey(
  db: Db,
  o: {
    title?: string;
    description?: string | null;
    audience?: "all" | "students" | "alumni";
    status?: "draft" | "active";
    questions?: QuestionSpec[];
  } = {},
) {
  const [s] = await db
    .insert(surveys)
    .values({
      title: o.title ?? `Survey ${uniq()}`,
      description: o.description ?? null,
      audience: o.audience ?? "all",
      status: o.status ?? "active",
    })
    .returning();
  const qs = o.questions ?? [{ text: "How are you?", type: "short_text", required: true }];
  const questions = qs.length
    ? await db
        .insert(surveyQuestions)
        .values(
          qs.map((q, i) => ({
            surveyId: s.id,
            text: q.text,
            type: q.type,
            required: q.required ?? false,
            options: q.options ?? [],
            scaleMax: q.scaleMax ?? 5,
            position: i,
          })),
        )
        .returning()
    : [];
  return { survey: s, questions };
}

/**
 * A survey with two text questions and `n` alumni who all answered it, written set-based (the
 * export and drain tests need tens of thousands of responses in seconds). Each answer holds
 * `answerRepeat` copies of a short sentence, so the CSV is large enough to stream slowly.
 */
export async function createAnsweredSurvey(
  db: Db,
  o: { n: number; emailPrefix: string; answerRepeat: number },
) {
  const { survey, questions } = await createSurvey(db, {
    questions: [
      { text: "Current job title", type: "short_text", required: true },
      { text: "Suggestions", type: "long_text" },
    ],
  });
  await db.execute(sql`
    insert into users (email, role, first_name, last_name, course_id, email_verified_at)
    select ${o.emailPrefix} || g || '@example.edu', 'alumni', 'Name' || g, 'Surname', (select id from courses order by code limit 1), now()
    from generate_series(1, ${o.n}) g`);
  await db.execute(sql`
    insert into survey_responses (survey_id, user_id, role, created_at)
    select ${survey.id}::uuid, u.id, u.role, now() - (row_number() over (order by u.id)) * interval '1 second'
    from users u where u.email like ${o.emailPrefix + "%"}`);
  await db.execute(sql`
    insert into survey_answers (response_id, question_id, value)
    select r.id, q.qid, to_jsonb(repeat('Some answer text ', ${o.answerRepeat}) || left(r.id::text, 8))
    from survey_responses r cross join (values (${questions[0]!.id}::uuid), (${questions[1]!.id}::uuid)) as q(qid)`);
  return survey;
}
