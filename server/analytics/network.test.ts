import { describe, expect, it } from "vitest";
import { networkPrefix } from "./network";

describe("networkPrefix", () => {
  it("keeps an IPv4 address's /24", () => {
    expect(networkPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkPrefix("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
  });

  it("keeps an IPv6 address's /48", () => {
    expect(networkPrefix("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("2001:0db8::1")).toBe("2001:db8:0::/48");
    expect(networkPrefix("::1")).toBe("0:0:0::/48");
    expect(networkPrefix("fe80::1%eth0")).toBe("fe80:0:0::/48");
  });

  it("refuses anything that is not an address", () => {
    expect(networkPrefix("unknown")).toBeNull();
    expect(networkPrefix("1.2.3")).toBeNull();
    expect(networkPrefix("")).toBeNull();
  });
});
