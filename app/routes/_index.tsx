import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Runway — internships and jobs for our students and alumni" }];

export default function Landing() {
  return (
    <main>
      <h1>Runway</h1>
    </main>
  );
}
