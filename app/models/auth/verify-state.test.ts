import { describe, expect, it, vi } from "vitest";
import { readVerifyState, signVerifyState, verifyOtpPath } from "./verify-state.server";

const SECRET = "a-test-secret-of-at-least-32-characters";

describe("signed verification state (the spec's navigation state)", () => {
  const state = { email: "ana@example.edu", userId: "8d1f7c1e-0000-4000-8000-000000000001" };

  it("round-trips", () => {
    expect(readVerifyState(SECRET, signVerifyState(SECRET, state))).toEqual(state);
    const s = new URL(`http://x${verifyOtpPath(SECRET, state)}`).searchParams.get("s");
    expect(readVerifyState(SECRET, s)).toEqual(state);
  });

  it("refuses a forged or altered value", () => {
    const token = signVerifyState(SECRET, state);
    const [payload, mac] = token.split(".");
    const other = Buffer.from(
      JSON.stringify({ e: "victim@example.edu", u: state.userId, x: 9e9 }),
    ).toString("base64url");
    expect(readVerifyState(SECRET, `${other}.${mac}`)).toBeNull();
    expect(readVerifyState(SECRET, `${payload}.${mac.slice(0, -1)}A`)).toBeNull();
    expect(readVerifyState(SECRET, `${payload}`)).toBeNull();
    expect(readVerifyState(SECRET, `${token}.extra`)).toBeNull();
    expect(readVerifyState(SECRET, "")).toBeNull();
    expect(readVerifyState(SECRET, null)).toBeNull();
    // Signed by another installation (another secret): refused.
    expect(readVerifyState(`${SECRET}-other`, token)).toBeNull();
  });

  it("expires", () => {
    vi.useFakeTimers();
    try {
      const token = signVerifyState(SECRET, state, 60);
      vi.advanceTimersByTime(61_000);
      expect(readVerifyState(SECRET, token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
