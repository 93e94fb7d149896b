/**
 * The audit trail against the role the shop connects as (decision 0042): a database made with the two roles of
 * docs/deploy.md, by that page's own SQL, the shop started on it as a real process, and then, as the shop's role,
 * every way of changing or emptying the trail tried. PostgreSQL only: the embedded database has one superuser.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_IMAGES_DIR, usingPostgres, withClient } from "../../tests/support/database";
import { startShopProcess, type ShopProcess } from "../../tests/support/shop-process";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { auditEvents } from "../db/schema";
import { seedDemoStore } from "../db/seed";
import { commandLineActor } from "./audit";
import { createApiToken } from "../staff/tokens";

/**
 * The statements of the SQL blocks in deploy.md's "Two roles" section, block by block: the cluster's part, then
 * the new database's. One at a time, as psql sends them: CREATE DATABASE cannot share a transaction.
 */
function deployRoleSql(): string[][] {
  const page = readFileSync(new URL("../../docs/deploy.md", import.meta.url), "utf8");
  const section = page.split("### Two roles")[1].split("\n## ")[0].split("\n### ")[0];
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1].split(/;\s*$/m).filter((statement) => statement.trim()));
}

describe.runIf(usingPostgres())("the audit trail against the shop's own database role", () => {
  const suffix = randomBytes(4).toString("hex");
  const names = { owner: `audit_owner_${suffix}`, shop: `audit_shop_${suffix}`, database: `audit_roles_${suffix}` };
  const serverUrl = process.env.TEST_DATABASE_URL!;
  /** The new database as one of its two roles (with deploy.md's passwords), or as the server's superuser. */
  const urlFor = (role?: "owner" | "shop") => {
    const url = new URL(serverUrl);
    if (role) {
      url.username = names[role];
      url.password = role === "owner" ? "owner-secret" : "shop-secret";
    }
    url.pathname = `/${names.database}`;
    return url.toString();
  };
  const storeId = "demo";
  let dataDir: string;
  let shop: ShopProcess | undefined;
  let shopDb: DatabaseHandle | undefined;

  const shopEnv = () => ({
    MIGRATION_DATABASE_URL: urlFor("owner"),
    DATABASE_URL: urlFor("shop"),
    DATA_DIR: dataDir,
    STORE_ID: storeId,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
  });

  beforeAll(async () => {
    const [clusterSql, databaseSql] = deployRoleSql().map((block) =>
      block.map((statement) =>
        statement.replaceAll("shop_owner", names.owner).replaceAll("shop_app", names.shop).replace(/\bshop\b/g, names.database),
      ),
    );
    const run = (statements: string[]) => async (client: pg.Client) => {
      for (const statement of statements) await client.query(statement);
    };
    await withClient(serverUrl, run(clusterSql));
    await withClient(urlFor(), run(databaseSql));
    dataDir = await mkdtemp(path.join(os.tmpdir(), "audit-roles-"));
    // Migrated as the owner and seeded as the shop's role here, with the test pictures drawn once for every test file,
    // so the shop process starts on a seeded shop and need not draw its own.
    shopDb = await openDatabase(urlFor("shop"), { migrationUrl: urlFor("owner") });
    await shopDb.migrate();
    await seedDemoStore(shopDb.db, { storeId, imagesDir: TEST_IMAGES_DIR });
    shop = await startShopProcess(shopEnv());
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    await shopDb?.close();
    await withClient(serverUrl, async (client) => {
      await client.query(`drop database if exists ${names.database} with (force)`);
      await client.query(`drop role if exists ${names.shop}`);
      await client.query(`drop role if exists ${names.owner}`);
    });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("migrates as the owner, and the shop's role is neither", async () => {
    await withClient(urlFor("shop"), async (client) => {
      const { rows } = await client.query(
        `select r.rolsuper, pg_get_userbyid(c.relowner) as owner, pg_has_role(current_user, c.relowner, 'member') as member
         from pg_roles r, pg_class c where r.rolname = current_user and c.oid = 'audit_events'::regclass`,
      );
      expect(rows).toEqual([{ rolsuper: false, owner: names.owner, member: false }]);
    });
  });

  it("records a staff member's actions as the shop's role, and that role can read them", async () => {
    const { secret } = await createApiToken(shopDb!.db, commandLineActor(storeId), { name: "owner's script", role: "owner" });
    const response = await fetch(`${shop!.url}/api/admin/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", origin: shop!.url },
      body: JSON.stringify({ name: "packing bench", role: "fulfilment" }),
    });
    expect(response.status).toBe(201);
    const [latest] = await shopDb!.db.select().from(auditEvents).where(eq(auditEvents.storeId, storeId)).orderBy(desc(auditEvents.id)).limit(1);
    expect(latest).toMatchObject({ actorKind: "token", actorLabel: "owner's script", entity: "token" });
    expect(latest.changes).toMatchObject({ name: { before: null, after: "packing bench" } });
  });

  /** Tries, as the shop's role, every way of changing or emptying the trail: each refused, and nothing changed. */
  const expectEveryChangeRefused = async () => {
    const attempts = [
      "alter table audit_events disable trigger audit_events_append_only",
      "alter table audit_events disable trigger all",
      "alter table audit_events owner to current_user",
      "update audit_events set action = 'nothing happened'",
      "delete from audit_events",
      "truncate audit_events",
      "drop table audit_events",
      `delete from stores where id = '${storeId}'`,
      "truncate stores cascade",
      "create or replace function refuse_audit_event_change() returns trigger language plpgsql as $$ begin return old; end $$",
      "select setval('audit_events_id_seq', 1)",
      `set role ${names.owner}`,
    ];
    await withClient(urlFor("shop"), async (client) => {
      const count = async () => Number((await client.query("select count(*) from audit_events")).rows[0].count);
      const before = await count();
      expect(before).toBeGreaterThan(0);
      for (const attempt of attempts) {
        // 42501 insufficient_privilege: refused for want of the right, not stopped by the trigger the owner could drop.
        await expect(client.query(attempt), attempt).rejects.toMatchObject({ code: "42501" });
      }
      expect(await count()).toBe(before);
      const { rows } = await client.query(
        `select tgname, tgenabled from pg_trigger where tgrelid = 'audit_events'::regclass and not tgisinternal order by tgname`,
      );
      expect(rows).toEqual([
        { tgname: "audit_events_append_only", tgenabled: "O" },
        { tgname: "audit_events_no_truncate", tgenabled: "O" },
      ]);
    });
  };

  it("refuses the shop's role every way of changing or emptying the trail", expectEveryChangeRefused);

  it("takes back at the next start what a restore gave the shop's role", async () => {
    // pg_restore makes each table anew, and the owner's default privileges give the shop's role everything on it.
    await withClient(urlFor(), (client) =>
      client.query(`grant all on audit_events, audit_events_id_seq, stores to ${names.shop}`).then(() => {}),
    );
    await shop!.stop();
    shop = await startShopProcess(shopEnv());
    await expectEveryChangeRefused();
  });
});
