/**
 * Benchmark data: companies and jobs with realistic aviation titles, categories, locations and
 * descriptions, generated inside PostgreSQL (generate_series) so a million rows take minutes, not
 * hours. The search trigger maintains search_vector exactly as it does for the app's own inserts.
 *
 * Term frequencies are controlled so the benchmark can name a common, a rare and an absent term:
 *   common "aircraft" (most jobs), mid "avionics" (~1 in 8), rare "seaplane" (~1 in 10 000),
 *   absent "zeppelin" (never).
 */
import type postgres from "postgres";

export const TERMS = {
  common: "aircraft",
  prefix: "aero", // a partial word: Aeronautical, Aerospace, Aerodrome…
  mid: "avionics",
  rare: "seaplane",
  absent: "zeppelin",
} as const;

const COMPANY_FIRST = [
  "Pacific",
  "Luzon",
  "Visayas",
  "Mindanao",
  "Manila",
  "Cebu",
  "Clark",
  "Subic",
  "Archipelago",
  "Northern",
  "Southern",
  "Skyline",
  "Island",
  "Coral",
  "Sampaguita",
  "Bayanihan",
  "Tropical",
  "Philippine",
  "Aeronáutica",
  "Horizon",
];
const COMPANY_SECOND = [
  "Air",
  "Aviation",
  "Aerospace",
  "Airways",
  "Aero Services",
  "Flight Academy",
  "MRO",
  "Avionics",
  "Ground Handling",
  "Air Cargo",
  "Helicopters",
  "Airport Services",
  "Aerotech",
  "Jet Center",
  "Air Logistics",
];
const COMPANY_SUFFIX = ["Corp", "Inc.", "Ltd.", "Co.", "Group"];

export function companyNames(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const a = COMPANY_FIRST[i % COMPANY_FIRST.length];
    const b = COMPANY_SECOND[Math.floor(i / COMPANY_FIRST.length) % COMPANY_SECOND.length];
    const c =
      COMPANY_SUFFIX[
        Math.floor(i / (COMPANY_FIRST.length * COMPANY_SECOND.length)) % COMPANY_SUFFIX.length
      ];
    out.push(
      `${a} ${b} ${c}${i >= COMPANY_FIRST.length * COMPANY_SECOND.length * COMPANY_SUFFIX.length ? ` ${i}` : ""}`,
    );
  }
  return out;
}

const LEVELS = ["", "", "Junior", "Senior", "Lead", "Trainee", "Assistant", "Chief"];
const ROLES = [
  "Aircraft Maintenance Technician",
  "Aircraft Mechanic",
  "Avionics Technician",
  "Avionics Engineer",
  "Aeronautical Engineer",
  "Aerospace Structures Engineer",
  "Flight Dispatcher",
  "Flight Operations Officer",
  "First Officer",
  "Cadet Pilot",
  "Flight Instructor",
  "Cabin Crew",
  "Ramp Agent",
  "Load Controller",
  "Airport Operations Officer",
  "Aviation Safety Officer",
  "Aviation Security Screener",
  "Air Traffic Services Assistant",
  "Ground Support Equipment Mechanic",
  "Aircraft Planner",
  "Technical Records Clerk",
  "Quality Assurance Inspector",
  "Non-Destructive Testing Technician",
  "Powerplant Technician",
  "Aircraft Painter",
  "Customer Service Agent",
  "Reservations Agent",
  "Cargo Handler",
  "Aviation Logistics Coordinator",
  "Supply Chain Analyst",
  "IT Support Specialist",
  "Software Developer",
  "Data Analyst",
  "Network Administrator",
  "Travel Consultant",
  "Tour Coordinator",
  "Airport Duty Manager",
  "Crew Scheduler",
  "Fuel Operations Technician",
  "Aerodrome Inspector",
];
const SUFFIX = ["", "", "", " Intern", " (OJT)", " Trainee", " – Night Shift"];
const LOCATIONS = [
  "Pasay City",
  "Parañaque City",
  "Manila",
  "Makati City",
  "Taguig City",
  "Clark, Pampanga",
  "Subic Bay",
  "Cebu City",
  "Lapu-Lapu City",
  "Davao City",
  "Iloilo City",
  "Bacolod City",
  "General Santos",
  "Zamboanga City",
  "Puerto Princesa",
  "Laoag",
  "Tacloban",
  "Legazpi",
  "Cagayan de Oro",
  "Baguio",
  "Remote",
];
const CATEGORIES = [
  "Maintenance",
  "Avionics",
  "Engineering",
  "Flight Operations",
  "Ground Handling",
  "Cabin Services",
  "Safety",
  "Security",
  "Logistics",
  "Information Technology",
  "Customer Service",
  "Tourism",
  "Air Traffic",
];
const SHORTS = [
  "Hands-on work on narrow-body aircraft with licensed engineers.",
  "Support daily flight operations at a busy hub.",
  "Join a growing team keeping our fleet airworthy.",
  "Learn the ropes of airport ground operations.",
  "Help passengers and crews move safely and on time.",
  "",
  "",
];
const S1 = [
  "You will assist licensed aircraft maintenance engineers during line and base checks",
  "You will support the operations control centre with flight planning and crew coordination",
  "You will inspect aircraft structures and components against the approved maintenance programme",
  "You will handle baggage, cargo and ground support equipment on the ramp",
  "You will troubleshoot avionics systems, wiring and line replaceable units",
  "You will keep technical records, task cards and airworthiness documents in order",
  "You will greet passengers, process check-in and help with boarding",
  "You will maintain airport IT systems, networks and flight information displays",
];
const S2 = [
  "on Airbus A320 and ATR 72 aircraft",
  "for domestic and regional flights",
  "at our hangar near the international airport",
  "across our provincial stations",
  "in a CAAP-approved maintenance organisation",
  "in shifts that follow the flight schedule",
];
const S3 = [
  "Graduates and students of aeronautical, aviation electronics or aircraft maintenance programmes are welcome.",
  "Strong English communication skills and teamwork are expected.",
  "A valid medical certificate and a clean safety record are required.",
  "Training on company procedures, human factors and safety management is provided.",
  "Allowance, transportation and meals are provided during the internship.",
  "Knowledge of MS Office and basic troubleshooting is an advantage.",
];

const lit = (xs: readonly string[]) =>
  `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]::text[]`;

/** Inserts `n` companies; returns their ids. */
export async function seedCompanies(sql: postgres.Sql, n: number): Promise<string[]> {
  const names = companyNames(n);
  const rows = await sql`
    insert into companies (name, location, website, email)
    select name, ${LOCATIONS[0]}, 'https://' || lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')) || '.example', null
    from unnest(${names}::text[]) as name
    returning id`;
  return rows.map((r) => r.id as string);
}

/**
 * Inserts `n` jobs in batches (progress callback per batch). Roughly 80 % approved and active, the
 * rest pending, inactive, closed or draft, so visibility filters have real work to do.
 */
export async function seedJobs(
  sql: postgres.Sql,
  n: number,
  opts: { batch?: number; onProgress?: (done: number) => void } = {},
): Promise<void> {
  const batch = opts.batch ?? 50_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    await sql.unsafe(`
      with w as (
        select ${lit(LEVELS)} as levels, ${lit(ROLES)} as roles, ${lit(SUFFIX)} as suffixes,
               ${lit(LOCATIONS)} as locations, ${lit(CATEGORIES)} as cats, ${lit(SHORTS)} as shorts,
               ${lit(S1)} as s1, ${lit(S2)} as s2, ${lit(S3)} as s3,
               array(select id from companies order by id) as cids
      ), r as (
        select g, random() as a, random() as b, random() as c, random() as d, random() as e, random() as f,
               random() as s, random() as ap, random() as rare, random() as age
        from generate_series(1, ${size}) g
      )
      insert into jobs (title, company_id, job_type, location, categories, short_description, description,
                        status, is_approved, created_at, updated_at)
      select
        btrim(w.levels[1 + floor(r.a * array_length(w.levels, 1))::int] || ' ' ||
              w.roles[1 + floor(r.b * array_length(w.roles, 1))::int] ||
              case when r.rare < 0.0001 then ' – Seaplane Operations' else '' end ||
              w.suffixes[1 + floor(r.c * array_length(w.suffixes, 1))::int]),
        w.cids[1 + floor(r.d * array_length(w.cids, 1))::int],
        (array['internship','internship','ojt','part-time','full-time','full-time','contract'])[1 + floor(r.e * 7)::int],
        w.locations[1 + floor(r.f * array_length(w.locations, 1))::int],
        array[w.cats[1 + floor(r.b * array_length(w.cats, 1))::int], w.cats[1 + floor(r.c * array_length(w.cats, 1))::int]],
        nullif(w.shorts[1 + floor(r.e * array_length(w.shorts, 1))::int], ''),
        w.s1[1 + floor(r.a * array_length(w.s1, 1))::int] || ' ' || w.s2[1 + floor(r.c * array_length(w.s2, 1))::int] || '. ' ||
          w.s3[1 + floor(r.d * array_length(w.s3, 1))::int] || ' ' || w.s3[1 + floor(r.f * array_length(w.s3, 1))::int] ||
          case when r.b < 0.125 then ' Experience with avionics test sets is a plus.' else '' end ||
          ' Reference ' || (${done} + r.g) || '.',
        case when r.s < 0.85 then 'active' when r.s < 0.92 then 'inactive' when r.s < 0.96 then 'closed' else 'draft' end,
        r.ap < 0.94,
        now() - r.age * interval '3 years',
        now() - r.age * interval '3 years'
      from r, w`);
    opts.onProgress?.(done + size);
  }
}
