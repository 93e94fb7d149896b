/**
 * The whole HTTP application over a test database, for integration tests that speak HTTP through `app.request`.
 */
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import type { AppDeps } from "../../server/context";
import { createDeps } from "../../server/deps";
import type { ImageStorage } from "../../server/images/storage";
import { createTestDatabase, type TestDatabase } from "./database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: TestDatabase;
  /** JSON request helper: `call("POST", "/api/x", body)`. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
};

/** API tests never render pages; a build that renders nothing keeps them independent of the front end. */
export const noPagesBuild = (async () => {
  throw new Error("pages are not rendered in API tests");
}) as unknown as () => Promise<ServerBuild>;

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase({ seed: true });
  const config = loadConfig({ NODE_ENV: "test", STORE_ID: database.storeId, ...env });
  return instanceOver(database, config);
}

/**
 * Another instance of the shop over the same database and configuration, as a second process behind a load
 * balancer would be: its own payment provider object, rate limiter and caches.
 */
export function secondInstance(t: TestApp): TestApp {
  return instanceOver(t.database, t.deps.config);
}

/** `imageStorage`: where this instance keeps pictures (the shared test folder unless given). */
export function instanceOver(database: TestDatabase, config: Config, imageStorage?: ImageStorage): TestApp {
  const deps = createDeps(database, config, database.imagesDir, imageStorage);
  const app = createApp(deps, { build: noPagesBuild });
  return {
    app,
    deps,
    database,
    call(method, path, body?, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === "string" ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      }
      return Promise.resolve(app.request(`http://localhost${path}`, init));
    },
  };
}
