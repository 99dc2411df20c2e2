/**
 * What the 375 px sweep (phone-sweep.e2e.ts) walks over, seeded by serve.ts before the server
 * starts: an employer of a company with a long name, jobs with long titles and Filipino place names
 * (pending review, so they fill the approval queue too, and approved), a draft survey, and a
 * deployed OJT placement with a logged day. The ids and sign-ins are written to
 * `<dataDir>/phone-sweep.json` for the sweep to read.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { addEntry } from "../../app/models/ojt/hours.server";
import { createCompany, createJob, createSurvey, DEFAULT_PASSWORD } from "../factories";
import { createEmployer } from "../factories/employer-jobs";
import { realClockCfg } from "../factories/ojt-docs";
import { createOjtSetup, entry } from "../factories/ojt";
import { dataDir } from "./fixtures";

export interface PhoneSweepSeed {
  password: string;
  employerEmail: string;
  ojtStudentEmail: string;
  ojtCoordinatorEmail: string;
  companyId: string;
  jobId: string;
  pendingJobId: string;
  surveyId: string;
  placementId: string;
}

const PLACES = [
  "Lapu-Lapu City, Mactan, Cebu",
  "Parañaque City, Metro Manila",
  "Clark Freeport Zone, Mabalacat, Pampanga",
  "Iloilo International Airport, Cabatuan, Iloilo",
  "Francisco Bangoy International Airport, Davao City",
  "Puerto Princesa City, Palawan",
  "Laoag International Airport, Ilocos Norte",
  "Subic Bay Freeport Zone, Olongapo, Zambales",
];
const TITLES = [
  "Aircraft Maintenance Technician Apprenticeship (Powerplant and Airframe)",
  "Avionics Troubleshooting Specialist Internship for Narrowbody Fleet",
  "Airworthiness Documentation and Technical Records Coordinator Trainee",
  "Non-Destructive Testing Inspector On-the-Job Training Programme",
  "Flight Operations Dispatcher Internship (Weight and Balance Planning)",
  "Composite Structures Repair Technician Apprenticeship",
  "Aeronautical Engineering Reliability Analyst Internship",
  "Ground Support Equipment Maintenance Supervisor Trainee",
  "Landing Gear Overhaul Workshop Technician Internship",
  "Continuing Airworthiness Management Organisation Planning Intern",
];

export const phoneSeedFile = () => path.resolve(dataDir(), "phone-sweep.json");

export async function seedPhoneSweep(db: Db): Promise<void> {
  fs.mkdirSync(path.dirname(phoneSeedFile()), { recursive: true });
  const company = await createCompany(db, {
    name: "Mactan-Cebu Aircraft Maintenance and Engineering Services Incorporated",
    website: "https://mactan-aero.example",
    location: "Lapu-Lapu City, Mactan, Cebu",
  });
  const employer = await createEmployer(db, {
    companyId: company.id,
    email: "hr@mactan-aero.example",
    firstName: "Marivic",
    employerVerified: true,
  });
  const ids: string[] = [];
  for (const [i, title] of TITLES.entries()) {
    const job = await createJob(db, {
      title,
      companyId: company.id,
      location: PLACES[i % PLACES.length],
      categories: ["Aircraft Maintenance", "Quality Assurance"],
      // The first half wait for review (the approval queue), the rest are live. Older than the
      // other journeys' jobs, so newest-first lists still show theirs first.
      isApproved: i >= TITLES.length / 2,
      createdAt: new Date(Date.now() - (20 + i) * 86_400_000),
    });
    // Submitted by the employer, as its sign-up would: the queue shows who and the trust signal;
    // one was declined with a reason the employer's list shows.
    await db
      .update(jobs)
      .set({
        createdBy: employer.user.id,
        submittedAt: new Date(Date.now() - (20 + i) * 86_400_000),
        ...(i === 1
          ? {
              declinedAt: new Date(Date.now() - 19 * 86_400_000),
              declineReason:
                "Please state the monthly allowance and the Civil Aviation Authority of the Philippines licence requirements.",
            }
          : {}),
      })
      .where(eq(jobs.id, job.id));
    ids.push(job.id);
  }
  const { survey } = await createSurvey(db, {
    title: "Graduate Tracer Study for Aeronautical Engineering and Aircraft Maintenance Alumni",
    status: "draft",
  });
  const ojt = await createOjtSetup(db, realClockCfg, {
    startDate: "2026-01-05",
    expectedEndDate: "2026-12-18",
  });
  await addEntry(
    ojt.student,
    ojt.placement.id,
    entry(
      "2026-01-06",
      "08:00",
      "17:00",
      60,
      "Assisted the licensed engineers with the scheduled inspection of RP-C3271 at Mactan",
    ),
  );
  const seed: PhoneSweepSeed = {
    password: DEFAULT_PASSWORD,
    employerEmail: employer.user.email,
    ojtStudentEmail: ojt.studentUser.email,
    ojtCoordinatorEmail: ojt.coordinatorUser.email,
    companyId: company.id,
    jobId: ids.at(-1)!,
    pendingJobId: ids[0]!,
    surveyId: survey.id,
    placementId: ojt.placement.id,
  };
  fs.writeFileSync(phoneSeedFile(), JSON.stringify(seed));
}

export function readPhoneSeed(): PhoneSweepSeed {
  return JSON.parse(fs.readFileSync(phoneSeedFile(), "utf8")) as PhoneSweepSeed;
}
