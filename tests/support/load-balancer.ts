/**
 * A real load balancer in front of shop instances: HAProxy from Debian's package (scripts/test.sh installs it as it
 * installs Chromium), round-robin per request, no sticky sessions, checking each instance's /readyz. Every answer
 * names the instance that gave it (`x-served-by`), so a test can see the requests alternate.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const HAPROXY = "/usr/sbin/haproxy";

export type LoadBalancer = { url: string; close(): Promise<void> };

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** `instances` maps a name to an instance's address (`http://127.0.0.1:<port>`). */
export async function startLoadBalancer(instances: Record<string, string>): Promise<LoadBalancer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), "haproxy-"));
  const servers = Object.entries(instances).map(([name, url]) => `  server ${name} ${new URL(url).host} check inter 300 fall 2 rise 1`);
  const config = [
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    // A connection refused by an instance that died is tried on another, as a production balancer is set up to.
    "  retries 2",
    "  option redispatch",
    "frontend shop",
    `  bind 127.0.0.1:${port}`,
    "  default_backend shops",
    "backend shops",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-response set-header x-served-by %s",
    ...servers,
    "",
  ].join("\n");
  await writeFile(path.join(dir, "haproxy.cfg"), config);
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", path.join(dir, "haproxy.cfg")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;
  // Ready once it answers through a healthy instance.
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${stderr}`);
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.ok) break;
    if (attempt > 100) throw new Error(`haproxy did not serve:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
