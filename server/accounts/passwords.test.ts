import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("password hashes", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("cost 2^15 outside the tests, and verify whatever cost they name", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const production = await hashPassword("a long enough passphrase");
    expect(production).toMatch(/^scrypt\$32768\$8\$1\$/);
    vi.stubEnv("NODE_ENV", "test");
    const test = await hashPassword("a long enough passphrase");
    expect(test).toMatch(/^scrypt\$1024\$8\$1\$/);
    for (const stored of [production, test]) {
      expect(await verifyPassword("a long enough passphrase", stored)).toBe(true);
      expect(await verifyPassword("a long enough passphrasE", stored)).toBe(false);
    }
  });
});
