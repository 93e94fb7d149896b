/**
 * Vitest's order for the test files, with the slowest known files first. Vitest runs a file it has timed before in
 * order of its last duration, longest first, so neither worker is left with a long file at the end; on a fresh
 * checkout (CI) it has no timings and runs larger files first, which put the backup command's minute-long file last,
 * with the other worker idle beside it. These files took 20 s or more in the run of 2026-11-28 (decision 0047).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOWEST_FIRST = [
  "server/commands/backup.test.ts",
  "scripts/shop.test.ts",
  "server/shop-jobs.test.ts",
  "server/scale-out.test.ts",
  "server/db/client.test.ts",
  "server/http/admin-pages.test.ts",
  "server/api/fuzz.test.ts",
  "server/api/admin.test.ts",
  "server/accounts/accounts.test.ts",
];

const rank = (file: TestSpecification) => {
  const index = SLOWEST_FIRST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
  return index === -1 ? SLOWEST_FIRST.length : index;
};

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Projects keep Vitest's order, one after another; within each, the listed files lead and the rest keep theirs.
    const projects = [...new Set(ordered.map((file) => file.project.name))];
    const position = new Map(ordered.map((file, index) => [file, index]));
    return ordered.sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
