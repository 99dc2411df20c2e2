import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address.server";

describe("addressKey: the key a client address counts under", () => {
  it("keeps IPv4 as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client (a guesser cannot rotate through it)", () => {
    const keys = new Set(
      [
        "2001:db8:1:2::1",
        "2001:db8:1:2:ffff:ffff:ffff:ffff",
        "2001:0db8:0001:0002:1234:5678:9abc:def0",
        "2001:DB8:1:2:0:0:0:9",
      ].map(addressKey),
    );
    expect([...keys]).toEqual(["2001:db8:1:2::/64"]);
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 client it is", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("leaves what is no address alone", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
