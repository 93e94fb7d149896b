/**
 * Runs the shop as a real child process (node with tsx on tests/support/shop-server.ts), so a test can `kill -9` it mid-request
 * and start it again on the same database, as a crashed and restarted server would be.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./shop-server.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;

export type ShopProcess = {
  url: string;
  child: ChildProcess;
  /** Sends the signal and resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts the shop with `env` added to this process's environment; resolves once it listens. */
export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  // tsx as node's loader, not its CLI: the CLI runs the shop in a grandchild that a SIGKILL to the CLI would orphan.
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit");
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => reject(new Error(`the shop did not start in ${START_TIMEOUT_MS} ms:\n${stderr}`)), START_TIMEOUT_MS);
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /^listening (\d+)$/m.exec(stdout);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited before listening (${signal ?? code}):\n${stderr}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
