import { describe, expect, it, vi } from "vitest";
import { readVerifyState, signVerifyState, verifyOtpPath } from "./verify-state.server";

describe("signed verification state (the spec's navigation state)", () => {
  const state = { email: "ana@example.edu", userId: "8d1f7c1e-0000-4000-8000-000000000001" };

  it("round-trips", () => {
    expect(readVerifyState(signVerifyState(state))).toEqual(state);
    const s = new URL(`http://x${verifyOtpPath(state)}`).searchParams.get("s");
    expect(readVerifyState(s)).toEqual(state);
  });

  it("refuses a forged or altered value", () => {
    const token = signVerifyState(state);
    const [payload, mac] = token.split(".");
    const other = Buffer.from(
      JSON.stringify({ e: "victim@example.edu", u: state.userId, x: 9e9 }),
    ).toString("base64url");
    expect(readVerifyState(`${other}.${mac}`)).toBeNull();
    expect(readVerifyState(`${payload}.${mac.slice(0, -1)}A`)).toBeNull();
    expect(readVerifyState(`${payload}`)).toBeNull();
    expect(readVerifyState(`${token}.extra`)).toBeNull();
    expect(readVerifyState("")).toBeNull();
    expect(readVerifyState(null)).toBeNull();
  });

  it("expires", () => {
    vi.useFakeTimers();
    try {
      const token = signVerifyState(state, 60);
      vi.advanceTimersByTime(61_000);
      expect(readVerifyState(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
