/**
 * An admin operation is a shop operation (operation.ts) that cannot be defined without saying what it needs: the
 * permission (or own account) is part of its definition, so the gate (edge/require-staff.ts) runs before the
 * handler on every request, and the document lists the 401 and 403 it answers, under the "admin" tag.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { UNSUPPORTED_PICTURE_MESSAGE } from "../../core/pictures";
import type { AppEnv } from "../context";
import type { Database } from "../db/client";
import { FORBIDDEN_MESSAGE, requireStaff, SIGN_IN_REQUIRED_MESSAGE, type Access } from "../edge/require-staff";
import { errorBodySchema, HttpError } from "../http/errors";
import { readUploadForm } from "../images/picture-intake";
import { removalQuerySchema } from "../../core/schemas/admin-catalogue";
import { BAD_INPUT, csv, errors, json, operation, queryOf, successSchema, type formBody, type jsonBody } from "./operation";

export function adminOperation<const R extends Omit<Parameters<typeof operation>[0], "tags">>(access: Access, route: R) {
  return operation({
    tags: ["admin"],
    ...route,
    middleware: [requireStaff(access)],
    responses: {
      ...route.responses,
      ...errors({
        401: `${SIGN_IN_REQUIRED_MESSAGE}: no valid staff session or API token`,
        403: `${FORBIDDEN_MESSAGE}: the role may not (${access})`,
      }),
    },
  });
}

/**
 * The method, input and answers of a list the admin API answers a page at a time: GET with the list's query (its
 * filters and cursor), answered with a page of `items` whose next_cursor fetches the next.
 */
export const pagedList = <const P extends string, Q extends z.ZodType, S extends z.ZodType>(path: P, query: Q, page: S, items: string) => ({
  method: "get" as const,
  path,
  request: { query },
  responses: { 200: json(page, `A page of ${items}; next_cursor fetches the next`), ...errors({ 400: BAD_INPUT }) },
});

/**
 * The handler of a pagedList operation (`route`): `read` the page its query asks for, answered with its rows under
 * `items`, each as `body` makes it, and the cursor of the next page.
 */
export const pageAnswer =
  <Q extends z.ZodType, K extends string, Row, Body>(
    route: { request: { query: Q } },
    items: K,
    read: (db: Database, storeId: string, query: z.infer<Q>) => Promise<{ [P in K]: Row[] } & { nextCursor: string | null }>,
    body: (row: Row) => Body,
  ) =>
  async (c: Context<AppEnv>) => {
    const page = await read(c.var.deps.db, c.var.deps.storeId, queryOf(c, route));
    return c.json({ [items]: page[items].map(body), next_cursor: page.nextCursor });
  };

/** The method, input and answers of a list's CSV download: GET with the list's query (pagedList), every page in one file. */
export const csvList = <const P extends string, Q extends z.ZodType>(path: P, query: Q, item: string) => ({
  method: "get" as const,
  path,
  request: { query },
  responses: { 200: csv(`One row per ${item}, with a header row`), ...errors({ 400: BAD_INPUT }) },
});

/**
 * The pictures and alt text of an upload (readUploadForm). Uploads are multipart forms, which no operation's schema
 * reads: a body that is not one is a 400 saying to send `what` (the picture, the pictures) as one.
 */
export async function uploadOf(c: Context, what: string) {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, `Send the ${what} as a multipart form`);
  }
  return readUploadForm(form);
}

/** What an upload answers when a picture is refused: too large (as `tooLarge` words it), or of a kind the shop cannot take. */
export const pictureRefusals = (tooLarge = "A picture over 20 MB") => ({
  413: json(errorBodySchema, tooLarge),
  415: json(errorBodySchema, UNSUPPORTED_PICTURE_MESSAGE),
});

/** An upload of one picture (a logo, a post's picture): more than one is a 400. */
export async function onePictureOf(c: Context, what: string) {
  const { files, altText } = await uploadOf(c, what);
  if (files.length > 1) throw new HttpError(400, `Send one ${what}`, "file");
  return { picture: files[0], altText };
}

/** The answer of deleting a record: `{success: true}`. */
export const DELETED = { 200: json(successSchema, "Deleted") };

/** The refusal of a delete or archive that would leave menu or footer links leading nowhere, `links` unsaid. */
export const LINKS_LEAD_HERE = "Menu or footer links lead to it and `links` does not say whether to remove or keep them; the answer's `links` names them";

/** A delete that asks what becomes of the links to what it deletes (`?links=remove|keep`, removingWithLinks). */
export const LINKED_REMOVAL = { query: removalQuerySchema, answers: DELETED, refusals: { 409: LINKS_LEAD_HERE } } as const;

type Method = "get" | "post" | "put" | "patch" | "delete";
type RequestBody = ReturnType<typeof jsonBody | typeof formBody>;

/**
 * The operations on one resource (a setting, or a record addressed by its path's `params`: a review by id, an order
 * by number), each `resource.get(…)`, `resource.post(…)`…: they take the params, and a `body` and a `query` if given, and
 * answer `answer` unless `answers` says otherwise; 400 when they take input that is not valid, 404 (`notFound`) for a
 * record the store does not have, and the `refusals` of their own. An operation's `path` follows the resource's
 * (`/hide` after `/reviews/{id}`).
 */
export function resourceOperations<const P extends string, S extends z.ZodObject | undefined = undefined>(
  access: Access,
  resource: { path: P; params?: S; notFound?: string; answer: ReturnType<typeof json> },
) {
  const on =
    <const M extends Method>(method: M) =>
    <
      const Sub extends string = "",
      B extends RequestBody | undefined = undefined,
      A extends object = { 200: typeof resource.answer },
      Q extends z.ZodObject | undefined = undefined,
    >(op: {
      path?: Sub;
      summary: string;
      description?: string;
      body?: B;
      query?: Q;
      answers?: A;
      refusals?: Partial<Record<400 | 409 | 422, string>>;
    }) => {
      const takesInput = resource.params !== undefined || op.body !== undefined || op.query !== undefined;
      return adminOperation(access, {
        method,
        path: `${resource.path}${op.path ?? ""}` as `${P}${Sub}`,
        summary: op.summary,
        description: op.description,
        request: { params: resource.params as S, body: op.body as B, query: op.query as Q },
        responses: {
          ...((op.answers ?? { 200: resource.answer }) as A),
          ...errors({
            ...(takesInput ? { 400: BAD_INPUT } : {}),
            ...(resource.notFound === undefined ? {} : { 404: resource.notFound }),
            ...op.refusals,
          }),
        },
      });
    };
  return { get: on("get"), post: on("post"), put: on("put"), patch: on("patch"), delete: on("delete") };
}

/** A date as the admin API answers it. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
