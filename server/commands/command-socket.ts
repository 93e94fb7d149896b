/**
 * Hands an owner's command to the running shop. The embedded database allows one process, so while the shop runs
 * it listens on a Unix socket in its data folder (readable and writable by its own user only, like the database
 * files beside it) and runs each command it receives in its own process, on its own database. The command line
 * tries the socket first and opens the database itself only when no shop answers.
 *
 * One request per connection: a JSON line `{ "args": [...] }`, answered by `{ "output": "…" }` or
 * `{ "error": "…", "usage": true? }`.
 */
import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { AppDeps } from "../context";
import { logger } from "../logger";
import { runOwnerCommand, withAbsolutePaths } from "./index";
import { CommandUsageError } from "./usage-error";

/** A request larger than this is not a command line. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function commandSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), "shop.sock");
}

type Answer = { output: string } | { error: string; usage?: true };

async function answer(deps: AppDeps, storeId: string, request: string): Promise<Answer> {
  let args: unknown;
  try {
    args = (JSON.parse(request) as { args?: unknown }).args;
  } catch {
    return { error: "The request is not JSON." };
  }
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) return { error: "args must be a list of strings." };
  try {
    return { output: await runOwnerCommand(deps, storeId, args) };
  } catch (error) {
    if (error instanceof CommandUsageError) return { error: error.message, usage: true };
    logger.warn({ err: error, command: args[0] }, "owner command failed");
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Listens until the returned function is called. The caller holds the data folder's lock, so a socket left by a crashed shop is stale. */
export async function listenForOwnerCommands(deps: AppDeps, storeId: string, socketPath: string): Promise<() => Promise<void>> {
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        socket.destroy();
        return;
      }
      const end = received.indexOf("\n");
      if (end === -1) return;
      socket.removeAllListeners("data");
      void answer(deps, storeId, received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** The running shop's answer, or null when no shop listens at the socket. */
export function sendOwnerCommand(socketPath: string, args: string[]): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ args: withAbsolutePaths(args) })}\n`));
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as Answer);
      } catch {
        reject(new Error("The running shop gave no answer to the command."));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one a stopped shop left behind: nobody to hand the command to.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}
