import { afterEach, describe, expect, it, vi } from "vitest";
import { NOT_JSON_MESSAGE } from "./api";
import { INVALID_STRUCTURE, checkPageData, fetchPageData, pageLoadFailure, requestedPageName } from "./page-data";

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" }, ...init });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("static page data", () => {
  it("strips a leading 'pages/' from the requested name", () => {
    expect(requestedPageName("pages/about")).toBe("about");
    expect(requestedPageName("about")).toBe("about");
    expect(pageLoadFailure("about")).toBe("Failed to load data for page: about");
  });

  it("needs a title and a sections array", () => {
    expect(checkPageData({ title: "T", sections: [{ content: "c" }] })).toEqual({ title: "T", sections: [{ content: "c" }] });
    expect(() => checkPageData({ sections: [] })).toThrow(INVALID_STRUCTURE);
    expect(() => checkPageData({ title: "T" })).toThrow(INVALID_STRUCTURE);
    expect(() => checkPageData({ title: "T", sections: "nope" })).toThrow(INVALID_STRUCTURE);
  });

  it("fetches /data/{name}.json lower-cased; 404 is no page", async () => {
    const fetchMock = vi.fn(async () => json({ title: "About", sections: [] }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchPageData("About")).toEqual({ title: "About", sections: [] });
    expect(fetchMock).toHaveBeenCalledWith("/data/about.json", expect.anything());

    vi.stubGlobal("fetch", async () => json({ error: "Page not found" }, { status: 404 }));
    expect(await fetchPageData("missing")).toBeNull();
  });

  it("refuses a response that is not JSON or has the wrong shape", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html></html>", { headers: { "content-type": "text/html" } }));
    await expect(fetchPageData("about")).rejects.toThrow(NOT_JSON_MESSAGE);
    vi.stubGlobal("fetch", async () => json({ heading: "no title" }));
    await expect(fetchPageData("about")).rejects.toThrow(INVALID_STRUCTURE);
    vi.stubGlobal("fetch", async () => json({ error: "boom" }, { status: 500 }));
    await expect(fetchPageData("about")).rejects.toThrow();
  });
});
