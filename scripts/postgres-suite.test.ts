import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_SUITE, postgresSuiteFiles } from "../tests/postgres-suite";

/**
 * What makes a file plainly depend on PostgreSQL: code of its own for it, a second instance, a load balancer, a cut
 * link or a terminated backend. A file that only skips itself there (`skipIf(usingPostgres())`) is PGlite's alone.
 */
const NEEDS_POSTGRES = /usingPostgres\(\)|TEST_DB\b|database\.url|secondInstance\(|load-balancer|database-link|pg_terminate_backend/;
const ONLY_EMBEDDED = /\.skipIf\(usingPostgres\(\)\)/g;

/** The integration project's files (vitest.config.ts), but this one, whose patterns name what they look for. */
const integrationFiles = () =>
  ["server", "scripts"]
    .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => path.posix.join(folder, file.split(path.sep).join("/"))))
    .filter((file) => file.endsWith(".test.ts") && file !== "scripts/postgres-suite.test.ts");

/** Decision 0046: every integration file runs on PGlite, and on PostgreSQL those listed in tests/postgres-suite.ts. */
describe("the PostgreSQL run's files", () => {
  it("are integration test files, each listed once", () => {
    const listed = postgresSuiteFiles();
    expect(listed.filter((file) => !existsSync(file) || !/^(server|scripts)\/.*\.test\.ts$/.test(file))).toEqual([]);
    expect(listed.filter((file, index) => listed.indexOf(file) !== index)).toEqual([]);
  });

  it("include every file whose code depends on PostgreSQL", () => {
    const listed = new Set(postgresSuiteFiles());
    const needing = integrationFiles().filter((file) =>
      NEEDS_POSTGRES.test(readFileSync(file, "utf8").replace(ONLY_EMBEDDED, "")),
    );
    expect(needing.length).toBeGreaterThan(POSTGRES_SUITE.branches.length);
    expect(needing.filter((file) => !listed.has(file))).toEqual([]);
  });
});
