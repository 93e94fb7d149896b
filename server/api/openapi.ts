/**
 * The OpenAPI 3.1 document of the JSON API, served at GET /api/openapi.json, generated from the operations' own
 * definitions (operation.ts): what is documented is what is routed, validated and answered.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { pageDataRoutes } from "./content";
import { json, operation, register } from "./operation";

const openApiDocument = operation({
  method: "get",
  path: "/openapi.json",
  tags: ["meta"],
  summary: "This OpenAPI document",
  responses: { 200: json(z.object({ openapi: z.literal("3.1.0") }).loose(), "The OpenAPI 3.1 document") },
});

/** Every operation of `api` (mounted at /api) and the static page data outside it, under their full paths. */
function documented(api: OpenAPIHono<AppEnv>) {
  const site = new OpenAPIHono<AppEnv>();
  site.route("/api", api);
  site.route("/", pageDataRoutes());
  return site;
}

/** The definitions the document is generated from, as written (with their zod schemas). */
export const documentedOperations = (api: OpenAPIHono<AppEnv>) =>
  documented(api).openAPIRegistry.definitions.flatMap((definition) => (definition.type === "route" ? [definition.route] : []));

export function documentOf(api: OpenAPIHono<AppEnv>) {
  return documented(api).getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Storefront API",
      version: "1.0.0",
      description:
        "Every error is JSON {error, field?} with a fitting status (docs/api.md, Errors). Money in checkout answers is integer cents.",
    },
  });
}

/** Registers GET /openapi.json on `api`, documenting `api` itself once every operation is registered on it. */
export function registerOpenApiDocument(api: OpenAPIHono<AppEnv>) {
  let built: ReturnType<typeof documentOf> | undefined;
  register(api, openApiDocument, (c) => {
    // Built on first use, then kept: the definitions do not change while the process runs.
    built ??= documentOf(api);
    c.header("Cache-Control", "public, max-age=300");
    return c.json(built);
  });
}
