/** The logbook facts of an hours entry (aircraft type, registration, ATA chapter, involvement). */
export interface LogbookFacts {
  aircraftType: string | null;
  registration: string | null;
  ataChapter: string | null;
  involvement: string | null;
}

/** An entry's logbook facts on one line, "A320 · RP-C1234 · ATA 32 · Assisted"; "" when none. */
export function logbookLine(e: LogbookFacts): string {
  return [
    e.aircraftType,
    e.registration,
    e.ataChapter ? `ATA ${e.ataChapter}` : null,
    e.involvement,
  ]
    .filter(Boolean)
    .join(" · ");
}
