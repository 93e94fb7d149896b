/**
 * The shop process's memory policy, set before the catalogue, the database and the page cache allocate anything.
 * Measured with `npm run bench` on PGlite (decision 0013): resident memory after the load fell from 350-410 MB to
 * under 300 MB with the same requests per second.
 *
 * Two parts can only be set as the process starts, so `npm start` (package.json) sets them:
 * - `--max-semi-space-size=4`: V8's young generation grows to 32 MB by default, and a mixed sale used 9 MB of it;
 *   4 MB halves cost about 25 MB resident.
 * - `MALLOC_ARENA_MAX=2`: compression and file reads run on libuv's worker threads, and glibc gives each thread a
 *   malloc arena of its own that it keeps; two arenas cost about 13 MB less.
 * Both together: 239-240 MB after a 4,000-request mixed sale on PGlite became 198 MB, at the same pace (issue 20).
 */
import v8 from "node:v8";

export function applyMemoryPolicy() {
  // V8 lets the old generation grow to as much as four times its live size between full collections when the
  // machine has memory to spare. The shop's live heap is about 35 MB; growing by half keeps it near 60 MB, and the
  // extra collections of so small a heap cost no measurable throughput.
  v8.setFlagsFromString("--heap-growing-percent=50");
  // PGlite is Postgres compiled to WebAssembly. V8 compiles it at once with its baseline compiler and then compiles
  // the busy functions again, optimised, in the background, keeping both: baseline code only is about 35 MB less
  // resident, starts faster, and served the benchmark's queries as fast.
  v8.setFlagsFromString("--liftoff-only");
}
