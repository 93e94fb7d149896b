import { describe, expect, it } from "vitest";
import { ADMIN_RATE_LIMIT, requireAdmin as requireAdminWith } from "./admin-auth";
import { createRateLimiter } from "./rate-limit";

let limiter = createRateLimiter();
const requireAdmin = (request: Request, config: { ADMIN_PASSWORD?: string }) => requireAdminWith(request, config, limiter);

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
});
const request = (headers: Record<string, string> = {}) => new Request("http://shop.test/admin/analytics", { headers });
const thrown = (run: () => void): Response => {
  try {
    run();
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a Response to be thrown");
};

describe("requireAdmin", () => {
  const config = { ADMIN_PASSWORD: "correct horse" };

  it("answers 404 when no owner password is configured", () => {
    expect(thrown(() => requireAdmin(request(basic("owner", "x")), {})).status).toBe(404);
  });

  it("challenges a missing or wrong password with 401 and WWW-Authenticate", () => {
    for (const headers of [{}, basic("owner", "wrong"), { authorization: "Bearer abc" }, { authorization: "Basic !!!" }]) {
      const response = thrown(() => requireAdmin(request(headers), config));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    }
  });

  it("lets the right password through with any user name, including colons in the password", () => {
    expect(() => requireAdmin(request(basic("anyone", "correct horse")), config)).not.toThrow();
    expect(() => requireAdmin(request(basic("", "a:b:c")), { ADMIN_PASSWORD: "a:b:c" })).not.toThrow();
  });

  it("answers 429 with Retry-After once a client has used up its attempts, even with the right password", () => {
    limiter = createRateLimiter();
    for (let attempt = 0; attempt < ADMIN_RATE_LIMIT.limit; attempt++) {
      expect(thrown(() => requireAdmin(request(basic("owner", `guess-${attempt}`)), config)).status).toBe(401);
    }
    const refused = thrown(() => requireAdmin(request(basic("owner", "correct horse")), config));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
