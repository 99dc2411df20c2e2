import { DomainError } from "../../app/lib/errors";

/** The DomainError a promise rejects with (to assert its class, status and fields); fails otherwise. */
export async function caught(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}
