import { describe, expect, it } from "vitest";
import { lintRefusals as refusals, loadLintProject } from "../tests/support/lint";

describe("lint keeps server code out of the browser's modules", () => {
  loadLintProject();

  it.each([
    ["app/components/cart/probe.tsx", 'import { logger } from "../../../server/logger";\nlogger.info("x");\n'],
    ["app/components/probe.tsx", 'export { loadCart } from "../../server/cart/store";\n'],
    ["app/state/probe.ts", 'import type { Database } from "../../server/db/client";\nexport type Probe = Database;\n'],
    ["app/lib/probe.ts", 'import { currentCustomer } from "~/routes/login.server";\nexport const probe = currentCustomer;\n'],
  ])("refuses an import of server code in %s", async (path, code) => {
    expect(await refusals(path, code)).toEqual(["no-restricted-imports"]);
  });

  it("refuses a dynamic import of server/ from client code", async () => {
    const code = 'export const probe = () => import("../../server/logger");\n';
    expect(await refusals("app/lib/probe.ts", code)).toEqual(["no-restricted-syntax"]);
  });

  it.each([
    ["app/routes/probe.tsx", 'import { logger } from "../../server/logger";\nexport const probe = logger;\n', "no-restricted-imports"],
    ["app/root.tsx", 'import { logger } from "../server/logger";\nexport const probe = logger;\n', "no-restricted-imports"],
    ["app/routes/probe.tsx", 'export const probe = () => import("../../server/logger");\n', "no-restricted-syntax"],
  ])("refuses an import of server/ in %s other than through its .server.ts", async (path, code, rule) => {
    expect(await refusals(path, code)).toEqual([rule]);
  });

  it("lets client code import core and other client modules, and a route's .server.ts import server/", async () => {
    const client = 'import { formatMoney } from "@core/money";\nimport { useShop } from "~/lib/use-shop";\nexport { formatMoney, useShop };\n';
    expect(await refusals("app/components/cart/probe.tsx", client)).toEqual([]);
    expect(await refusals("app/routes/probe.server.ts", 'export { logger } from "../../server/logger";\n')).toEqual([]);
    expect(await refusals("app/routes/probe.tsx", 'import { logger } from "./probe.server";\nexport const probe = logger;\n')).toEqual([]);
  });
});

describe("lint keeps infrastructure from importing the domains (decision 0050)", () => {
  loadLintProject();

  it.each([
    ["server/http/probe.ts", 'import { mergeCarts } from "../cart/store";\nexport const probe = mergeCarts;\n'],
    ["server/db/probe.ts", 'import type { Order } from "../orders/orders";\nexport type Probe = Order;\n'],
    ["server/jobs/probe.ts", 'export { resolveStore } from "../edge/store";\n'],
  ])("refuses a domain's or the edge's module in %s", async (path, code) => {
    expect(await refusals(path, code)).toEqual(["no-restricted-imports"]);
  });

  it("lets infrastructure import infrastructure, core and the server's own root modules, and a domain import infrastructure", async () => {
    const infrastructure = 'import { HttpError } from "../http/errors";\nimport { formatMoney } from "../../core/money";\nimport { logger } from "../logger";\nexport { HttpError, formatMoney, logger };\n';
    expect(await refusals("server/mail/probe.ts", infrastructure)).toEqual([]);
    expect(await refusals("server/orders/probe.ts", 'import { HttpError } from "../http/errors";\nexport { HttpError };\n')).toEqual([]);
  });
});
