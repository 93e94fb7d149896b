import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { DEMO } from "../db/seed";
import { verifyPassword } from "../accounts/passwords";
import { staff } from "../db/schema";
import { listAudit } from "../audit/audit";
import { passwordFromStdin } from "./password-stdin";
import { staffCommand } from "./staff";

const PASSWORD = "correct horse battery staple";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database.dispose();
});

const run = (args: string[]) => staffCommand(database as never, DEMO.storeId, args);

describe("shop staff command", () => {
  it("reads the password from standard input, never from an argument", async () => {
    const args = await passwordFromStdin(["staff", "add", "a@example.com", "--role", "owner", "--password-stdin"], Readable.from([`${PASSWORD}\nignored\n`]));
    expect(args).toEqual(["staff", "add", "a@example.com", "--role", "owner", `--password-stdin=${PASSWORD}`]);
    expect(await passwordFromStdin(["staff", "list"], Readable.from(["unread"]))).toEqual(["staff", "list"]);
    await expect(run(["add", "a@example.com", "--role", "owner", "--password", PASSWORD])).rejects.toThrow(/standard input/);
  });

  it("adds, lists and removes staff, never the last owner, each change in the audit trail as the command line", async () => {
    expect(await run(["list"])).toMatch(/No staff yet/);
    expect(await run(["add", "Owner@Example.com", "--role", "owner", "--name", "Olive", `--password-stdin=${PASSWORD}`])).toBe(
      "Added Owner@Example.com as owner.",
    );
    const [row] = await database.db.select().from(staff);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    await run(["add", "packer@example.com", "--role", "fulfilment", `--password-stdin=${PASSWORD}`]);
    expect(await run(["list"])).toBe("Owner@Example.com  owner       Olive\npacker@example.com  fulfilment  packer");

    await expect(run(["remove", "owner@example.com"])).rejects.toThrow("The store's last owner cannot be removed or given another role");
    await expect(run(["add", "x@example.com", "--role", "boss", `--password-stdin=${PASSWORD}`])).rejects.toThrow(/--role is one of/);
    await expect(run(["add", "x@example.com", "--role", "manager", "--password-stdin=password"])).rejects.toThrow(/too common/);
    await expect(run(["remove", "nobody@example.com"])).rejects.toThrow("Staff member not found: nobody@example.com");
    expect(await run(["remove", "PACKER@example.com"])).toBe("Removed packer@example.com.");

    const { events } = await listAudit(database.db, DEMO.storeId, { actor: "command line" });
    expect(events.map((event) => [event.action, event.actorKind, event.changes.email])).toEqual([
      ["staff.remove", "command", { before: "packer@example.com", after: null }],
      ["staff.create", "command", { before: null, after: "packer@example.com" }],
      ["staff.create", "command", { before: null, after: "Owner@Example.com" }],
    ]);
  });
});

describe("shop staff setup-link", () => {
  it("makes a working setup link while the shop has no staff, with the shop's public address, and none after", async () => {
    const t = await createTestApp();
    try {
      const printed = await staffCommand(t.deps, DEMO.storeId, ["setup-link"]);
      const link = new URL(/https?:\/\/\S+/.exec(printed)![0]);
      expect(link.origin + link.pathname).toBe(`${t.deps.config.publicUrl}/admin/setup`);
      const setup = await t.app.request("/api/admin/setup", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: JSON.stringify({ token: link.searchParams.get("token"), email: "first@example.com", name: "First Owner", password: PASSWORD }),
      });
      expect(setup.status).toBe(201);
      expect(await staffCommand(t.deps, DEMO.storeId, ["setup-link"])).toBe("The shop has staff already: sign in at /admin/login.");
    } finally {
      await t.database.dispose();
    }
  });
});
