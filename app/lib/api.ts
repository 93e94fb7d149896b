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

/** The text a successful answer gets when it is not JSON. */
export const NOT_JSON_MESSAGE = "Invalid content type received";

/**
 * A call that did not give the answer asked for. `status` is the HTTP status, 0 when the server was not reached;
 * `message` is the server's own words when it sent some; `field` names the input refused, when the server named one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ApiError";
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

const isJson = (response: Response) => /[/+]json\b/i.test(response.headers.get("content-type") ?? "");

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
    throw new ApiError(0, "The server could not be reached. Please check your connection and try again.", undefined, { cause: error });
  }
  if (!response.ok) {
    const { error, field } = await errorBody(response);
    throw new ApiError(response.status, error ?? `${method} ${path} failed with status ${response.status}`, field);
  }
  if (response.status === 204 || response.headers.get("content-length") === "0") return undefined as T;
  if (!isJson(response)) throw new ApiError(response.status, NOT_JSON_MESSAGE);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ApiError(response.status, NOT_JSON_MESSAGE, undefined, { cause: error });
  }
}
