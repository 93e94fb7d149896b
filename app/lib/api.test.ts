import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NOT_JSON_MESSAGE, api, apiFailure } from "./api";

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" }, ...init });

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api", () => {
  it("GETs without a body or content type and answers the JSON", async () => {
    const fetchMock = stubFetch(() => json({ value: 1 }));
    expect(await api<{ value: number }>("/api/thing")).toEqual({ value: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/thing");
    expect(init?.method).toBe("GET");
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe("same-origin");
    expect(init?.headers).toEqual({ accept: "application/json" });
  });

  it("POSTs a body as JSON, with its content type and the caller's headers", async () => {
    const fetchMock = stubFetch(() => json({ ok: true }));
    await api("/api/thing", { body: { a: 1 }, headers: { store_id: "s1" }, keepalive: true });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect(init?.keepalive).toBe(true);
    expect(init?.headers).toEqual({ accept: "application/json", "content-type": "application/json", store_id: "s1" });
  });

  it("appends the query, leaving out null and undefined", async () => {
    const fetchMock = stubFetch(() => json({}));
    await api("/api/discount/SAVE 10", { query: { store_id: "a&b", page: 2, none: null, missing: undefined } });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/discount/SAVE 10?store_id=a%26b&page=2");
    await api("/x?y=1", { query: { z: true } });
    expect(fetchMock.mock.calls[1][0]).toBe("/x?y=1&z=true");
    await api("/x", { query: {} });
    expect(fetchMock.mock.calls[2][0]).toBe("/x");
  });

  it("surfaces the server's error and field with its status", async () => {
    stubFetch(() => json({ error: "is required", field: "address.city" }, { status: 400 }));
    const error = await refusal(api("/api/stripe/calculate_tax", { body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("is required");
    expect(error.serverError).toBe("is required");
    expect(error.field).toBe("address.city");
  });

  it("falls back to a message naming the call when the server sent none", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    const error = await refusal(api("/api/thing"));
    expect(error.status).toBe(502);
    expect(error.message).toBe("GET /api/thing failed with status 502");
    expect(error.serverError).toBeUndefined();
    expect(error.field).toBeUndefined();
  });

  it("gives status 0 when the server cannot be reached", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const error = await refusal(api("/api/thing"));
    expect(error.status).toBe(0);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("lets an abort through as the abort it is", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("aborted", "AbortError");
    stubFetch(() => Promise.reject(abort));
    await expect(api("/api/thing", { signal: controller.signal })).rejects.toBe(abort);
  });

  it("refuses a successful answer that is not JSON, and answers nothing for an empty one", async () => {
    stubFetch(() => new Response("<html></html>", { headers: { "content-type": "text/html" } }));
    const error = await refusal(api("/data/about.json"));
    expect(error.message).toBe(NOT_JSON_MESSAGE);
    expect(error.status).toBe(200);

    stubFetch(() => new Response(null, { status: 204 }));
    expect(await api("/api/thing", { method: "DELETE" })).toBeUndefined();
  });

  it("tells a call whose answer is not read as null when it worked, else its ApiError", async () => {
    stubFetch(() => new Response(null, { status: 201 }));
    expect(await apiFailure(api("/api/thing", { body: {} }))).toBeNull();
    stubFetch(() => json({ error: "Email already signed up" }, { status: 409 }));
    expect(await apiFailure(api("/api/thing", { body: {} }))).toMatchObject({ status: 409, message: "Email already signed up" });
  });
});
