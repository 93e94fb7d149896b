/** Starts the production server as a child process, for load measurement from outside it. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";

export type RunningServer = { url: string; process: ChildProcess; coldStartMs: number; stop(): Promise<void> };

function statusMegabytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const rssMegabytes = (pid: number) => statusMegabytes(pid, "VmRSS");
/** The most the process has held resident since it started: what a server's memory limit is measured against. */
export const peakMegabytes = (pid: number) => statusMegabytes(pid, "VmHWM");

type ServerOptions = { port: number; dataDir: string; databaseUrl?: string };

/** The environment the bench runs the shop with. */
export function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  await rm(options.dataDir, { recursive: true, force: true });
  const env = serverEnv(options);
  // First start seeds the shop; the cold start measured is the second one, on existing data.
  const first = await launch(options.port, env);
  await first.stop();
  return launch(options.port, env);
}

/**
 * What `npm start` runs, environment and Node flags included (the memory policy of server/memory.ts), so the figures
 * are those of the shop as its owner starts it.
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [name, value] = words.shift()!.split("=");
    env[name] = value;
  }
  if (words.shift() !== "node") throw new Error(`npm start runs something other than node: ${scripts.start}`);
  return { env, args: words };
}

/** Starts `npm start`'s command and resolves once it answers /readyz. */
export async function launch(port: number, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const started = performance.now();
  const command = startCommand();
  const child = spawn(process.execPath, command.args, { env: { ...env, ...command.env }, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const coldStartMs = Math.round(performance.now() - started);
  return {
    url,
    process: child,
    coldStartMs,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A stored two-bag cart, answered with the cookie that names it, so measurements see a shopper with a real cart
 * (the cart read and tax preview do real work; checkout renders its form) rather than an empty-cart answer.
 */
export async function storeTwoBagCart(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/cart-items`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ cartItems: [{ kind: "product", sku: "HOUSE-12OZ-WB", quantity: 2 }] }),
  });
  if (!response.ok) throw new Error(`could not store the cart: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}
