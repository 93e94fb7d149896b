/**
 * The end of `npm test`: how long each step took, the ten slowest test files of the run (Vitest's and Playwright's
 * JSON reports), and a warning past 15 minutes. A warning, not a failure: the same run takes longer on a busy machine,
 * and the figures say where to look.
 *
 * Usage: tsx scripts/test-summary.ts <folder>, the folder scripts/test.sh wrote steps.tsv and the reports into.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const WHOLE_RUN_GUIDE_SECONDS = 15 * 60;

type VitestReport = { testResults: { name: string; startTime: number; endTime: number }[] };
type PlaywrightSuite = { file?: string; suites?: PlaywrightSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;

/** Milliseconds a journey file's tests took, its nested describe blocks included. */
function suiteMilliseconds(suite: PlaywrightSuite): number {
  const own = (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((test) => test.results)).reduce((sum, result) => sum + result.duration, 0);
  return own + (suite.suites ?? []).reduce((sum, child) => sum + suiteMilliseconds(child), 0);
}

/** Each report's files with their seconds, labelled by the report ("vitest-pglite.json" is "pglite"). */
function fileTimes(folder: string): { file: string; run: string; seconds: number }[] {
  const times: { file: string; run: string; seconds: number }[] = [];
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".json"))) {
    const run = name.replace(/^vitest-/, "").replace(/\.json$/, "");
    const report = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Partial<VitestReport> & { suites?: PlaywrightSuite[] };
    for (const result of report.testResults ?? []) {
      times.push({ file: path.relative(process.cwd(), result.name), run, seconds: (result.endTime - result.startTime) / 1000 });
    }
    for (const suite of report.suites ?? []) times.push({ file: `tests/e2e/${suite.file}`, run, seconds: suiteMilliseconds(suite) / 1000 });
  }
  return times;
}

const folder = process.argv[2];
const stepsFile = path.join(folder, "steps.tsv");
const steps = existsSync(stepsFile)
  ? readFileSync(stepsFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
      .map(([step, seconds]) => ({ step, seconds: Number(seconds) }))
  : [];
const total = steps.reduce((sum, step) => sum + step.seconds, 0);

console.log("\n== time per step");
for (const { step, seconds } of steps) console.log(`${minutes(seconds).padStart(12)}  ${step}`);
console.log(`${minutes(total).padStart(12)}  in all`);

const slowest = fileTimes(folder)
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (slowest.length > 0) {
  console.log("\n== the ten slowest test files");
  for (const { file, run, seconds } of slowest) console.log(`${minutes(seconds).padStart(12)}  ${file} (${run})`);
}
if (total > WHOLE_RUN_GUIDE_SECONDS) {
  console.log(`\nWarning: the whole run took ${minutes(total)}, more than the ${WHOLE_RUN_GUIDE_SECONDS / 60} minutes it should (issue 32).`);
}
