import { describe, expect, it } from "vitest";
import { lintRefusals as refusals, loadLintProject } from "../tests/support/lint";

const READ = "declare function read(): Promise<number>;\n";

/** Decision 0040: a promise nobody awaits rejects unhandled, which ends the shop's process. */
describe("lint refuses a promise left floating", () => {
  loadLintProject();

  it.each(["server/probe.ts", "app/routes/probe.tsx", "scripts/probe.ts", "tests/support/probe.ts"])("in %s", async (path) => {
    expect(await refusals(path, `${READ}export async function probe() {\n  read();\n  return await read();\n}\n`)).toEqual([
      "@typescript-eslint/no-floating-promises",
    ]);
  });

  it("refuses one given where nothing will handle it: a React event handler, a Node callback", async () => {
    const form = `${READ}export const Probe = () => <form onSubmit={async () => { await read(); }} />;\n`;
    expect(await refusals("app/components/probe.tsx", form)).toEqual(["@typescript-eslint/no-misused-promises"]);
    const server = `import { createServer } from "node:http";\n${READ}export const probe = createServer(async (_request, response) => {\n  response.end(String(await read()));\n});\n`;
    expect(await refusals("server/probe.ts", server)).toEqual(["@typescript-eslint/no-misused-promises"]);
  });

  it("lets a promise through that is awaited or whose rejection is handled", async () => {
    const handled = `${READ}export async function probe() {\n  read().catch((error: unknown) => console.error(error));\n  return await read();\n}\n`;
    expect(await refusals("server/probe.ts", handled)).toEqual([]);
    const handler = `import { eventHandler } from "~/lib/promises";\n${READ}export const Probe = () => <form onSubmit={eventHandler(async () => { await read(); }, "failed")} />;\n`;
    expect(await refusals("app/components/probe.tsx", handler)).toEqual([]);
  });
});
