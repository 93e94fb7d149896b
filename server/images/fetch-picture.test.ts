import { createServer, type Server } from "node:http";
import { BlockList, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../core/errors";
import { fetchPicture, isPrivateAddress } from "./fetch-picture";

const PICTURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, "http://x");
    if (url.pathname === "/picture.jpg") return response.writeHead(200, { "content-type": "image/jpeg" }).end(PICTURE);
    if (url.pathname === "/moved") return response.writeHead(302, { location: "/picture.jpg" }).end();
    if (url.pathname === "/loop") return response.writeHead(301, { location: "/loop" }).end();
    if (url.pathname === "/missing") return response.writeHead(404).end();
    if (url.pathname === "/slow") return setTimeout(() => response.end(PICTURE), 2_000);
    if (url.pathname === "/huge") {
      // No length declared: the cap holds while streaming.
      response.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 25 && response.write(chunk)) sent++;
        if (sent >= 25) response.end();
        else response.once("drain", more);
      };
      return more();
    }
    if (url.pathname === "/declared-huge") return response.writeHead(200, { "content-length": String(30 * 1024 * 1024) }).end();
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
}

describe("fetchPicture", () => {
  it("fetches from a private address when allowed, following a redirect", async () => {
    expect(await fetchPicture(`${base}/picture.jpg`, { allowPrivate: true })).toEqual(PICTURE);
    expect(await fetchPicture(`${base}/moved`, { allowPrivate: true })).toEqual(PICTURE);
  });

  it("refuses a private address by default, by name or by number, and a redirect to one", async () => {
    expect(await refusal(fetchPicture(`${base}/picture.jpg`, { allowPrivate: false }))).toBe("Picture address is on a private network");
    const port = new URL(base).port;
    expect(
      await refusal(
        fetchPicture(`http://localhost:${port}/picture.jpg`, {
          allowPrivate: false,
        }),
      ),
    ).toBe("Picture address is on a private network");
    expect(
      await refusal(
        fetchPicture(`http://[::1]:${port}/picture.jpg`, {
          allowPrivate: false,
        }),
      ),
    ).toBe("Picture address is on a private network");
    expect(
      await refusal(
        fetchPicture("http://169.254.169.254/latest/meta-data/", {
          allowPrivate: false,
        }),
      ),
    ).toBe("Picture address is on a private network");
  });

  it("checks the address a redirect leads to", async () => {
    // A public server is not at hand in a test: 127.0.0.2 (loopback on Linux) stands in for one, passed as public.
    const check = BlockList.prototype.check;
    const spy = vi.spyOn(BlockList.prototype, "check").mockImplementation(function (this: BlockList, address, type) {
      return address === "127.0.0.2" ? false : check.call(this, address, type);
    });
    const hops: string[] = [];
    const redirecting = createServer((request, response) => {
      hops.push(request.url!);
      if (request.url === "/own") return response.writeHead(200).end(PICTURE);
      response.writeHead(302, { location: request.url === "/away" ? `${base}/picture.jpg` : "/own" }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.2", resolve));
    try {
      const at = `http://127.0.0.2:${(redirecting.address() as AddressInfo).port}`;
      expect(await fetchPicture(`${at}/stay`, { allowPrivate: false })).toEqual(PICTURE);
      expect(await refusal(fetchPicture(`${at}/away`, { allowPrivate: false }))).toBe("Picture address is on a private network");
      expect(hops).toEqual(["/stay", "/own", "/away"]);
      expect(await fetchPicture(`${at}/away`, { allowPrivate: true })).toEqual(PICTURE);
    } finally {
      spy.mockRestore();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it("refuses other schemes, endless redirects, error answers, slow servers and more than 20 MB", async () => {
    for (const address of ["file:///etc/passwd", "ftp://example.com/a.jpg", "data:image/png;base64,AAAA", "javascript:alert(1)"]) {
      expect(await refusal(fetchPicture(address, { allowPrivate: true }))).toBe("Picture address must be http or https");
    }
    expect(await refusal(fetchPicture("not a url", { allowPrivate: true }))).toBe("Picture address is not a URL");
    expect(await refusal(fetchPicture(`${base}/loop`, { allowPrivate: true }))).toBe("Picture address redirected more than 3 times");
    expect(await refusal(fetchPicture(`${base}/missing`, { allowPrivate: true }))).toBe("Picture address answered 404");
    expect(await refusal(fetchPicture(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 }))).toBe("Picture took longer than 0.2 s");
    expect(await refusal(fetchPicture(`${base}/huge`, { allowPrivate: true }))).toBe("Picture is larger than 20 MB");
    expect(await refusal(fetchPicture(`${base}/declared-huge`, { allowPrivate: true }))).toBe("Picture is larger than 20 MB");
  });
});

describe("isPrivateAddress", () => {
  it("knows the private, loopback, link-local, unique-local and metadata ranges, IPv4 written as IPv6 too", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
