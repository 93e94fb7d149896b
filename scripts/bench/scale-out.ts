/**
 * Scale-out cost (issue 24): one instance alone against two behind HAProxy on the same PostgreSQL, the load generator
 * pinned to one core (taskset), so on this 2-core machine the figures measure what the balancer and a second process
 * cost, not what they gain. Then one of the two is killed mid-load and the run's p99 is set against the steady one.
 * Per-request CPU (the instance's user and system time) and database round trips (transactions counted by
 * PostgreSQL) are what the estimate for 10 instances is made from.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import pg from "pg";
import { startLoadBalancer } from "../../tests/support/load-balancer";
import { startServer, type RunningServer } from "./server";

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

type Load = { rps: number; p50: number; p99: number; requests: number; failed: number };
type Target = { name: string; path: string; method?: "POST"; body?: unknown };

const TARGETS: Target[] = [
  { name: "product page", path: "/products/house-blend" },
  { name: "API keyword-search", path: "/api/search/keyword-search", method: "POST", body: { store_id: "demo", query: "coffee" } },
];

/** autocannon's command line on core 0 only. */
async function load(baseUrl: string, target: Target, seconds = SECONDS): Promise<Load> {
  const args = ["-c", "0", process.execPath, path.resolve("node_modules/autocannon/autocannon.js"), "--json", "-d", String(seconds), "-c", "10"];
  args.push("-H", "accept-encoding=br, gzip", "-H", `origin=${baseUrl}`);
  if (target.method) args.push("-m", target.method, "-H", "content-type=application/json", "-b", JSON.stringify(target.body));
  args.push(baseUrl + target.path);
  const { stdout } = await run("taskset", args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
  };
}

/** Seconds of CPU the process has used (user and system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The counters reach pg_stat_database within a second of each transaction.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await client.query("select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()");
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

export type ScaleOutFigures = {
  targets: { name: string; one: Load; two: Load; ratio: number; cpuMsPerRequest: number; transactionsPerRequest: number }[];
  kill: { steadyP99: number; killedP99: number; ratio: number; requests: number; failed: number };
};

export async function benchScaleOut(databaseUrl: string): Promise<ScaleOutFigures> {
  const instances: RunningServer[] = [];
  const start = async (port: number, name: string) => {
    const server = await startServer({ port, dataDir: path.resolve(`bench-results/data-scale-${name}`), databaseUrl });
    instances.push(server);
    return server;
  };
  try {
    const a = await start(4410, "a");
    const figures: ScaleOutFigures["targets"] = [];
    for (const target of TARGETS) {
      await load(a.url, target, 1);
      const cpuBefore = cpuSeconds(a.process.pid!);
      const transactionsBefore = await transactions(databaseUrl);
      const one = await load(a.url, target);
      const cpuMsPerRequest = Math.round(((cpuSeconds(a.process.pid!) - cpuBefore) * 1000 * 100) / one.requests) / 100;
      // The counting query itself is one transaction.
      const transactionsPerRequest = Math.round(((await transactions(databaseUrl)) - transactionsBefore - 1) / one.requests * 100) / 100;
      figures.push({ name: target.name, one, two: one, ratio: 1, cpuMsPerRequest, transactionsPerRequest });
    }
    const b = await start(4411, "b");
    const balancer = await startLoadBalancer({ a: a.url, b: b.url });
    try {
      for (const figure of figures) {
        const target = TARGETS.find((entry) => entry.name === figure.name)!;
        await load(balancer.url, target, 1);
        figure.two = await load(balancer.url, target);
        figure.ratio = Math.round((figure.two.rps / figure.one.rps) * 100) / 100;
      }
      const steady = await load(balancer.url, TARGETS[0], 6);
      // One instance dies without warning a third of the way into the run.
      const killer = setTimeout(() => b.process.kill("SIGKILL"), 2000);
      const killed = await load(balancer.url, TARGETS[0], 6);
      clearTimeout(killer);
      return {
        targets: figures,
        kill: {
          steadyP99: steady.p99,
          killedP99: killed.p99,
          ratio: Math.round((killed.p99 / steady.p99) * 100) / 100,
          requests: killed.requests,
          failed: killed.failed,
        },
      };
    } finally {
      await balancer.close();
    }
  } finally {
    for (const server of instances) if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  }
}
