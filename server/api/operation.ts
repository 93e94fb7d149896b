/**
 * Each API operation is defined once, with createRoute: method, path, request schemas, response schemas and the
 * errors it answers; `register` puts that one definition both on the router and in the OpenAPI document
 * (openapi.ts). Request input is validated by the handler with the schemas the definition declares (`bodyOf`,
 * `queryOf`), through readJson and parseWith, rather than by the library's validators: those refuse a body whose
 * content type is not JSON (sendBeacon posts text/plain) and word malformed JSON their own way, where the API keeps
 * its one error shape (docs/decisions/0020).
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, Handler } from "hono";
import { z } from "zod";
import { storable } from "../../core/schemas/storable";
import type { AppEnv } from "../context";
import { BODY_TOO_LARGE_MESSAGE } from "../edge/body-limits";
import { errorBodySchema, readJson } from "../http/errors";
import { logger } from "../logger";
import { parseWith } from "../../core/errors";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429;

export const BAD_INPUT = "Invalid input; the message names the field";
export const UNKNOWN_STORE = "Unknown store";
export const RATE_LIMITED = "Too many requests; see Retry-After";

/** A JSON answer of the given schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A CSV download, described by what its rows are. */
export const csv = (description: string) => ({ description, content: { "text/csv": { schema: { type: "string" as const } } } });

/**
 * Answers a CSV file the browser saves as `filename`: its text, or its pages (csvPages) sent as they are read. The
 * first page is read before answering, so a refusal (a bad filter) is still an error answer and not a cut-off file.
 */
export async function csvDownload(c: Context, filename: string, file: string | AsyncIterable<string>) {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${filename}"`);
  if (typeof file === "string") return c.body(file);
  const pages = file[Symbol.asyncIterator]();
  const first = await pages.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value));
    },
    // Read only as fast as the client takes it: one page in memory, however long the file.
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: error, file: filename }, "a CSV download failed while it was being sent");
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return?.();
    },
  });
  return c.body(body);
}

/** A required multipart body, an upload: the form the schema describes. */
export const formBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "multipart/form-data": { schema } },
});

const errorAnswer = (description: string) => json(errorBodySchema, description);

/** The errors an operation answers on its own, each in the one Error shape. */
export function errors(answers: Partial<Record<ErrorStatus, string>>) {
  return Object.fromEntries(Object.entries(answers).map(([status, description]) => [status, errorAnswer(description)]));
}

/** `{success: true}`, the answer of calls that have nothing else to say. */
export const successSchema = z.object({ success: z.literal(true) });
/** `{success: true, message}`: a message for the shopper. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * An operation's definition. Besides its own errors, every operation may answer what the app answers for any
 * request: 500, 503 while the database is unreachable, and, for any method but GET, 413 over the body limit.
 */
export function operation<const R extends RouteConfig & { method: Method }>(route: R) {
  return createRoute({
    ...route,
    responses: {
      // An operation that takes more (a picture upload) words its own 413.
      ...(route.method === "get" ? {} : { 413: errorAnswer(BODY_TOO_LARGE_MESSAGE) }),
      ...route.responses,
      500: errorAnswer("Internal server error"),
      503: errorAnswer("The database is briefly unreachable; the same request may be sent again"),
    },
  });
}

/**
 * Registers an operation's handler and documents it as defined. The library's validators are left out (see above):
 * the handler reads its input with `bodyOf` and `queryOf`.
 */
export function register<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: Handler<AppEnv, RoutingPath<R["path"]>>,
  /** Where the router differs from the documented path, the router's pattern. */
  routingPath: string = route.path,
) {
  const { middleware: _routing, hide: _documented, ...documented } = route;
  app.openAPIRegistry.registerPath(documented);
  const { request: _validatedByTheHandler, ...routing } = route;
  // The library types a handler by the inputs it validates for it; these handlers validate their own.
  app.openapi({ ...routing, path: routingPath, hide: true }, handler as never);
}

/** The router of a file that defines one operation. */
export function oneOperationRoutes<R extends RouteConfig>(route: R, handler: Handler<AppEnv, RoutingPath<R["path"]>>) {
  const routes = new OpenAPIHono<AppEnv>();
  register(routes, route, handler);
  return routes;
}

/** The router's form of an OpenAPI path, so a handler's c.req.param knows the path's parameters. */
type RoutingPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}` ? `${Head}:${Name}${RoutingPath<Tail>}` : P;

type WithBody<T extends z.ZodType> = { request: { body: { content: { "application/json": { schema: T } } } } };
type WithQuery<T extends z.ZodType> = { request: { query: T } };

/**
 * A declared request schema as the handlers parse with it: wrapped in `storable` (core/schemas/storable.ts), once per
 * schema. The accessors below are the only way a handler reads its input, so no operation, shop or admin, can take
 * text the database cannot store, whether or not its schema was written with the check. The document keeps the
 * schema as declared: the wrapper would lose its component name.
 */
const checkedSchemas = new WeakMap<z.ZodType, z.ZodType>();
function checked<T extends z.ZodType>(schema: T): T {
  let wrapped = checkedSchemas.get(schema);
  if (!wrapped) checkedSchemas.set(schema, (wrapped = storable(schema)));
  return wrapped as T;
}

/** The body schema an operation declares, checked, for handlers that read a body of another kind too (a form post, a beacon). */
export const declaredBody = <T extends z.ZodType>(route: WithBody<T>): T => checked(route.request.body.content["application/json"].schema);

/** The request's JSON body, validated with the schema the operation declares (readJson: malformed JSON is a 400). */
export const bodyOf = <T extends z.ZodType>(c: Context, route: WithBody<T>): Promise<z.infer<T>> => readJson(c, declaredBody(route));

/**
 * Reads a numeric path parameter (a record's id, an order's number) with the params schema that words its refusal:
 * anything but a number there is a 400 naming the parameter.
 */
export const numberParam =
  <K extends string>(schema: z.ZodType<{ [P in K]: string }>, name: K) =>
  (c: Context): number =>
    Number(parseWith(schema, { [name]: c.req.param(name) })[name]);

/** The request's query, validated with the schema the operation declares. */
export const queryOf = <T extends z.ZodType>(c: Context, route: WithQuery<T>): z.infer<T> =>
  parseWith(checked(route.request.query), c.req.query());
