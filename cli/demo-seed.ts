/**
 * Demo data for a newcomer (`runway db seed --demo`): companies, approved and pending jobs, users
 * of each role, and surveys with answers, so the board looks lived-in. Users go through the app's
 * own insertUser and password hashing; the rest are plain inserts of valid rows.
 * Passwords are random and returned once — there is never a default password.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client";
import type { Role } from "#db/constants";
import {
  companies,
  courses,
  jobs,
  surveyAnswers,
  surveyQuestions,
  surveyResponses,
  surveys,
  users,
} from "#db/schema";
import { hashPassword } from "~/models/auth/password.server";
import { randomToken } from "~/models/auth/tokens.server";
import { insertUser } from "~/models/user/user.server";

export class DemoAlreadySeeded extends Error {
  constructor(email: string) {
    super(
      `The demo data is already in this database (the account ${email} exists). Nothing was added.`,
    );
    this.name = "DemoAlreadySeeded";
  }
}

const daysAgo = (d: number, h = 0) => new Date(Date.now() - d * 864e5 - h * 36e5);

interface DemoQuestion {
  text: string;
  type: "short_text" | "long_text" | "multiple_choice" | "checkbox" | "rating";
  required?: boolean;
  options?: string[];
  scaleMax?: number;
}

/** A survey and its questions, in order. */
async function createSurvey(
  tx: Tx,
  o: {
    title: string;
    description?: string;
    audience: "all" | "students" | "alumni";
    status: "draft" | "active";
    questions?: DemoQuestion[];
  },
) {
  const [survey] = await tx
    .insert(surveys)
    .values({
      title: o.title,
      description: o.description ?? null,
      audience: o.audience,
      status: o.status,
    })
    .returning();
  const qs = o.questions ?? [{ text: "How are you?", type: "short_text", required: true }];
  const questions = await tx
    .insert(surveyQuestions)
    .values(
      qs.map((q, i) => ({
        surveyId: survey.id,
        text: q.text,
        type: q.type,
        required: q.required ?? false,
        options: q.options ?? [],
        scaleMax: q.scaleMax ?? 5,
        position: i,
      })),
    )
    .returning();
  return { survey, questions };
}

const COMPANIES = [
  {
    name: "Skyward Aero Services",
    location: "Pasay City",
    website: "https://skyward-aero.example.com",
    email: "careers@skyward-aero.example.com",
    description: "Line and base maintenance for regional turboprops and narrow-body jets.",
  },
  {
    name: "Pacific Wings Airlines",
    location: "Clark, Pampanga",
    website: "https://pacificwings.example.com",
    email: "hr@pacificwings.example.com",
    description: "A domestic carrier flying 24 routes from Clark and Manila.",
  },
  {
    name: "Island Air Logistics",
    location: "Cebu City",
    website: "https://islandair-logistics.example.com",
    email: null,
    description: "Air cargo handling, warehousing and customs brokerage.",
  },
  {
    name: "Manila Avionics Lab",
    location: "Parañaque City",
    website: null,
    email: "jobs@avionicslab.example.com",
    description: "Repair station for radios, navigation and flight-deck displays.",
  },
] as const;

const JOBS: {
  title: string;
  company: number;
  jobType: "internship" | "ojt" | "part-time" | "full-time" | "contract";
  categories: string[];
  shortDescription?: string;
  description: string;
  isApproved: boolean;
  status?: "active" | "inactive";
  days: number;
}[] = [
  {
    title: "Aircraft Maintenance Technician Intern",
    company: 0,
    jobType: "internship",
    categories: ["Maintenance"],
    shortDescription: "Six months on the hangar floor with licensed engineers.",
    description:
      "Assist with A-checks, component changes and logbook entries on ATR 72 and A320 aircraft.",
    isApproved: true,
    days: 1,
  },
  {
    title: "Avionics OJT Trainee",
    company: 3,
    jobType: "ojt",
    categories: ["Avionics", "Electronics"],
    description: "Bench-test radios and transponders; learn soldering standards and ESD handling.",
    isApproved: true,
    days: 3,
  },
  {
    title: "Flight Operations Officer",
    company: 1,
    jobType: "full-time",
    categories: ["Operations"],
    shortDescription: "Dispatch and flight-following for a 24-route network.",
    description:
      "Prepare flight plans, weight and balance, and NOTAM briefings. Licence preferred.",
    isApproved: true,
    days: 5,
  },
  {
    title: "Cabin Crew (Batch 2025)",
    company: 1,
    jobType: "full-time",
    categories: ["Cabin"],
    description: "Join our cabin crew programme: eight weeks of paid training, then line flying.",
    isApproved: true,
    days: 9,
  },
  {
    title: "Cargo Operations Assistant",
    company: 2,
    jobType: "part-time",
    categories: ["Logistics"],
    description: "Build ULDs, check dangerous-goods documents and track shipments; evening shifts.",
    isApproved: true,
    days: 12,
  },
  {
    title: "Airport Safety Data Analyst",
    company: 1,
    jobType: "contract",
    categories: ["Safety", "IT"],
    description: "Twelve-month contract to clean and chart occurrence reports for the SMS team.",
    isApproved: true,
    days: 20,
  },
  {
    title: "Aviation IT Support Intern",
    company: 2,
    jobType: "internship",
    categories: ["IT"],
    description: "Help run the warehouse system and the barcode scanners.",
    isApproved: true,
    status: "inactive",
    days: 40,
  },
  {
    title: "Licensed Aircraft Engineer (B1)",
    company: 0,
    jobType: "full-time",
    categories: ["Maintenance"],
    description: "Certify line maintenance on A320 family aircraft. B1 licence required.",
    isApproved: false,
    days: 0,
  },
  {
    title: "Travel Desk Associate",
    company: 2,
    jobType: "part-time",
    categories: ["Tourism"],
    description: "Book crew travel and hotels; weekends.",
    isApproved: false,
    days: 2,
  },
];

export interface DemoResult {
  users: { email: string; role: string; name: string; password: string }[];
  companies: number;
  jobs: { approved: number; pending: number };
  surveys: number;
  responses: number;
}

/** Adds the demo data; throws DemoAlreadySeeded when it is already there. */
export async function seedDemo(db: Db, opts: { domain: string }): Promise<DemoResult> {
  const at = `@${opts.domain}`;
  const marker = `demo.admin${at}`;
  const [exists] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, marker));
  if (exists) throw new DemoAlreadySeeded(marker);

  const people = [
    { email: marker, role: "admin", firstName: "Dana", lastName: "Dela Cruz" },
    {
      email: `demo.maria.santos${at}`,
      role: "student",
      firstName: "María",
      lastName: "Santos",
      studentId: "DEMO-2021-0001",
      graduationYear: 2026,
      courseCode: "BSAMT",
      yearLevel: "4th Year",
      days: 3,
    },
    {
      email: `demo.jose.reyes${at}`,
      role: "student",
      firstName: "José",
      lastName: "Reyes",
      studentId: "DEMO-2021-0002",
      graduationYear: 2026,
      courseCode: "BSAE",
      yearLevel: "4th Year",
      days: 10,
    },
    {
      email: `demo.liza.garcia${at}`,
      role: "student",
      firstName: "Liza",
      lastName: "Garcia",
      studentId: "DEMO-2022-0003",
      graduationYear: 2027,
      courseCode: "BSIT-AIT",
      yearLevel: "3rd Year",
      days: 45,
    },
    {
      email: `demo.paolo.mendoza${at}`,
      role: "alumni",
      firstName: "Paolo",
      lastName: "Mendoza",
      studentId: "DEMO-2017-0004",
      graduationYear: 2021,
      courseCode: "BSAT-AF",
      yearLevel: "Graduate",
      days: 60,
    },
    {
      email: `demo.ana.villanueva${at}`,
      role: "alumni",
      firstName: "Ana",
      lastName: "Villanueva",
      studentId: "DEMO-2018-0005",
      graduationYear: 2022,
      courseCode: "BSAC-FO",
      yearLevel: "Graduate",
      days: 90,
    },
  ] as const;

  return db.transaction(async (tx) => {
    const courseIds = new Map(
      (await tx.select({ id: courses.id, code: courses.code }).from(courses)).map((c) => [
        c.code,
        c.id,
      ]),
    );
    const created: DemoResult["users"] = [];
    const userIds: Record<string, { id: string; role: Role }> = {};
    for (const p of people) {
      const password = randomToken(9); // 12 URL-safe characters
      const user = await insertUser(tx, {
        email: p.email,
        passwordHash: await hashPassword(password),
        role: p.role,
        firstName: p.firstName,
        lastName: p.lastName,
        studentId: "studentId" in p ? p.studentId : null,
        courseId: "courseCode" in p ? (courseIds.get(p.courseCode) ?? null) : null,
        yearLevel: "yearLevel" in p ? p.yearLevel : null,
        graduationYear: "graduationYear" in p ? p.graduationYear : null,
        emailVerifiedAt: new Date(),
        ...("days" in p ? { createdAt: daysAgo(p.days) } : {}),
      });
      userIds[p.email] = { id: user.id, role: p.role };
      created.push({
        email: user.email,
        role: p.role,
        name: `${p.firstName} ${p.lastName}`,
        password,
      });
    }

    const companyIds = (
      await tx
        .insert(companies)
        .values([...COMPANIES])
        .returning({ id: companies.id })
    ).map((c) => c.id);
    await tx.insert(jobs).values(
      JOBS.map((j) => ({
        title: j.title,
        companyId: companyIds[j.company],
        jobType: j.jobType,
        location: COMPANIES[j.company].location,
        categories: j.categories,
        shortDescription: j.shortDescription ?? null,
        description: j.description,
        isApproved: j.isApproved,
        status: j.status ?? "active",
        createdAt: daysAgo(j.days, 2),
        updatedAt: daysAgo(j.days, 2),
      })),
    );

    const tracer = await createSurvey(tx, {
      title: "Graduate Tracer Survey",
      description: "Help the college follow where its graduates fly next.",
      audience: "alumni",
      status: "active",
      questions: [
        {
          text: "Are you currently employed?",
          type: "multiple_choice",
          required: true,
          options: ["Yes, in aviation", "Yes, outside aviation", "Not yet"],
        },
        {
          text: "Which skills from your course do you use most?",
          type: "checkbox",
          options: ["Maintenance", "Operations", "Safety", "IT", "Communication"],
        },
        {
          text: "How well did the college prepare you for work?",
          type: "rating",
          required: true,
          scaleMax: 5,
        },
        { text: "What should the college add to the curriculum?", type: "long_text" },
      ],
    });
    const internship = await createSurvey(tx, {
      title: "Internship Experience Survey",
      description: "Tell us about your OJT or internship.",
      audience: "students",
      status: "active",
      questions: [
        { text: "Where did you do your internship?", type: "short_text", required: true },
        { text: "Rate your internship", type: "rating", required: true, scaleMax: 5 },
      ],
    });
    await createSurvey(tx, {
      title: "Career Fair Feedback (draft)",
      audience: "all",
      status: "draft",
    });

    const answers: {
      survey: typeof tracer;
      email: string;
      values: (string | number | string[])[];
      days: number;
    }[] = [
      {
        survey: tracer,
        email: `demo.paolo.mendoza${at}`,
        values: ["Yes, in aviation", ["Operations", "Safety"], 5, "More simulator hours."],
        days: 4,
      },
      {
        survey: tracer,
        email: `demo.ana.villanueva${at}`,
        values: ["Yes, outside aviation", ["Communication"], 4, ""],
        days: 2,
      },
      {
        survey: internship,
        email: `demo.jose.reyes${at}`,
        values: ["Skyward Aero Services", 5],
        days: 1,
      },
    ];
    let responses = 0;
    for (const a of answers) {
      const u = userIds[a.email];
      const [r] = await tx
        .insert(surveyResponses)
        .values({
          surveyId: a.survey.survey.id,
          userId: u.id,
          role: u.role,
          createdAt: daysAgo(a.days),
        })
        .returning({ id: surveyResponses.id });
      const rows = a.survey.questions
        .map((q, i) => ({ responseId: r.id, questionId: q.id, value: a.values[i] }))
        .filter((x) => x.value !== "" && x.value !== undefined);
      await tx.insert(surveyAnswers).values(rows);
      responses++;
    }

    return {
      users: created,
      companies: COMPANIES.length,
      jobs: {
        approved: JOBS.filter((j) => j.isApproved).length,
        pending: JOBS.filter((j) => !j.isApproved).length,
      },
      surveys: 3,
      responses,
    };
  });
}
