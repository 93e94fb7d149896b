/**
 * The browser's one way to call the shop's server: JSON in and out, every failure an ApiError carrying the server's
 * `{ error, field? }` answer (server/http/errors.ts), so each page has one convention to read.
 */

export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

export type ApiOptions = {
  /** GET without a body, POST with one, unless said. */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Appended to the path; null and undefined values are left out. */
  query?: ApiQuery;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request outlive the page, as for one sent while the shopper leaves. */
  keepalive?: boolean;
};

/** The message of a successful answer that is not JSON (an HTML page where data was expected, say). */
export const NOT_JSON_MESSAGE = "Invalid content type received";

/**
 * A call that did not give the answer asked for. `status` is the HTTP status, 0 when the server was not reached;
 * `message` is the server's own words (also in `serverError`) when it sent some, else the fallback given; `field`
 * names the input refused, when the server named one.
 */
export class ApiError extends Error {
  readonly field?: string;
  readonly serverError?: string;

  constructor(
    readonly status: number,
    fallback: string,
    details: { serverError?: string; field?: string; cause?: unknown } = {},
  ) {
    super(details.serverError ?? fallback, { cause: details.cause });
    this.name = "ApiError";
    this.field = details.field;
    this.serverError = details.serverError;
  }
}

function withQuery(path: string, query: ApiQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

/** The server's `{ error, field? }`, or nothing usable. */
async function errorBody(response: Response): Promise<{ error?: string; field?: string }> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; field?: unknown } | null;
  return {
    error: typeof body?.error === "string" && body.error ? body.error : undefined,
    field: typeof body?.field === "string" && body.field ? body.field : undefined,
  };
}

/**
 * Calls the server and answers its JSON as T (undefined for an empty answer). Throws an ApiError for a refusal, an
 * unreachable server or an answer that is not JSON; an aborted call rejects with the signal's reason instead, since
 * the caller that aborted wants no message.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, query, headers, signal, keepalive } = options;
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const url = withQuery(path, query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "The shop could not be reached. Please try again.", { cause: error });
  }
  if (!response.ok) {
    const { error, field } = await errorBody(response);
    throw new ApiError(response.status, `${method} ${path} failed with status ${response.status}`, { serverError: error, field });
  }
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError(response.status, NOT_JSON_MESSAGE, { cause: error });
  }
}

/** For a call whose answer is not read: null when it worked, else the ApiError saying why not. */
export async function apiFailure(call: Promise<unknown>): Promise<ApiError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    return error instanceof ApiError ? error : new ApiError(0, String(error), { cause: error });
  }
}
