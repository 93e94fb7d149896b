/**
 * Fetches a picture an import names by URL (Shopify's `Image Src`). The address is the file's author's, not the
 * owner's, so it is treated as hostile: http and https only, 10 s and 20 MB at most, and no address on a private
 * network (loopback, the LAN, link-local with the cloud's metadata service, unique-local), unless the owner allows
 * it (IMPORT_ALLOW_PRIVATE_URLS=true, for a test server or an intranet). Every address the name resolves to is
 * checked, the connection goes to the checked one (a second lookup cannot swap it), and redirects are followed by
 * hand, at most 3, each checked the same way.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { MAX_PICTURE_BYTES } from "../../core/pictures";
import { isRefusal, ruleBroken, tooLarge } from "../../core/errors";

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export const PRIVATE_ADDRESS_MESSAGE = "Picture address is on a private network";

/** Addresses no import may reach: RFC 6890's special-purpose ranges, less the public ones. */
const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  privateAddresses.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateAddresses.addSubnet(network, prefix, "ipv6");
}

/** True for an address an import may not reach; an IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is one too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateAddresses.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? privateAddresses.check(mapped[1], "ipv4") : privateAddresses.check(address, "ipv6");
}

export type FetchPictureOptions = {
  allowPrivate: boolean;
  /** Tests shorten it; an import keeps the 10 s. */
  timeoutMs?: number;
};

type Resolved = { address: string; family: 4 | 6 };

async function resolveChecked(url: URL, allowPrivate: boolean): Promise<Resolved> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw ruleBroken("Picture address must be http or https");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw ruleBroken(`Picture address ${url.host} could not be found`);
  }
  if (addresses.length === 0) throw ruleBroken(`Picture address ${url.host} could not be found`);
  if (!allowPrivate && addresses.some(({ address }) => isPrivateAddress(address))) throw ruleBroken(PRIVATE_ADDRESS_MESSAGE);
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that answers the address already checked, whatever the socket asks. */
const pinnedLookup =
  ({ address, family }: Resolved): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

type Answer = {
  status: number;
  location: string | null;
  body: http.IncomingMessage;
};

function request(url: URL, resolved: Resolved, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const sent = client.get(
      url,
      {
        lookup: pinnedLookup(resolved),
        signal,
        headers: { accept: "image/*", "user-agent": "shop-picture-import" },
      },
      (body) =>
        resolve({
          status: body.statusCode ?? 0,
          location: body.headers.location ?? null,
          body,
        }),
    );
    sent.on("error", reject);
  });
}

async function readCapped(body: http.IncomingMessage): Promise<Buffer> {
  const declared = Number(body.headers["content-length"]);
  if (declared > MAX_PICTURE_BYTES) {
    body.destroy();
    throw tooLarge("Picture is larger than 20 MB");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PICTURE_BYTES) {
      body.destroy();
      throw tooLarge("Picture is larger than 20 MB");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The picture's bytes, or a refusal whose message says what was wrong with the address or its answer. */
export async function fetchPicture(address: string, { allowPrivate, timeoutMs = TIMEOUT_MS }: FetchPictureOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw ruleBroken("Picture address is not a URL");
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const resolved = await resolveChecked(url, allowPrivate);
      if (deadline.signal.aborted) throw deadline.signal.reason;
      const answer = await request(url, resolved, deadline.signal);
      if (REDIRECTS.has(answer.status) && answer.location) {
        answer.body.resume();
        if (redirects === MAX_REDIRECTS) throw ruleBroken(`Picture address redirected more than ${MAX_REDIRECTS} times`);
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        answer.body.resume();
        throw ruleBroken(`Picture address answered ${answer.status}`);
      }
      return await readCapped(answer.body);
    }
  } catch (error) {
    if (deadline.signal.aborted && !isRefusal(error)) {
      throw ruleBroken(`Picture took longer than ${timeoutMs / 1000} s`);
    }
    if (isRefusal(error)) throw error;
    throw ruleBroken(`Picture could not be fetched: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
