/**
 * Reduces a visitor's address to its network before it is stored (IPv4 /24, IPv6 /48): enough to tell regions
 * and spot abuse, never enough to name a household. Nothing is looked up anywhere else.
 */
import { isIPv4, isIPv6 } from "node:net";

export function networkPrefix(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped ? mapped[1] : address;
  if (isIPv4(candidate)) {
    const [a, b, c] = candidate.split(".");
    return `${a}.${b}.${c}.0/24`;
  }
  const withoutZone = candidate.split("%")[0];
  if (!isIPv6(withoutZone)) return null;
  return `${expandIPv6(withoutZone).slice(0, 3).join(":")}::/48`;
}

/** The eight hextets of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return groups.map((group) => (parseInt(group, 16) || 0).toString(16));
}
