import { BlockList, isIP } from "node:net";

/**
 * The client address of a request, and the key the rate limits count it under. The address comes from the
 * socket; X-Forwarded-For is believed only when the socket's peer is a configured trusted proxy, and then only
 * its rightmost hop that is not itself a trusted proxy (every hop to the left of it was written by the client).
 */

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is `192.0.2.1`; IPv6 is lower-cased. */
export function normalizeAddress(address: string): string {
  let value = address.trim();
  // "[2001:db8::1]" and "192.0.2.1:1234" as some proxies write them.
  const bracketed = value.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = value.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1];
  return value.toLowerCase();
}

/** Parses TRUSTED_PROXIES: a comma-separated list of addresses and CIDR ranges. Throws on a bad entry. */
export function parseTrustedProxies(list: string): { blockList: BlockList; entries: string[] } | null {
  const entries = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const blockList = new BlockList();
  for (const entry of entries) {
    const [rawAddress, prefix, extra] = entry.split("/");
    const address = normalizeAddress(rawAddress);
    const family = isIP(address);
    if (family === 0 || extra !== undefined) throw new Error(`"${entry}" is not an address or a CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      blockList.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
      throw new Error(`"${entry}" has an invalid prefix length`);
    blockList.addSubnet(address, bits, type);
  }
  return { blockList, entries };
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address. Without trusted proxies, or when the peer is not one of them, it is the socket's
 * peer, whatever the headers say. Behind trusted proxies it is the rightmost X-Forwarded-For hop that is not
 * a trusted proxy; a hop that is not an address (a proxy that does not append) stops the walk at the last
 * trusted hop, so a header cannot pick another client's key.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: BlockList | null,
): string | null {
  if (!socketAddress) return null;
  let client = normalizeAddress(socketAddress);
  if (!trusted || !forwardedFor || !isTrusted(client, trusted)) return client;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop, trusted)) return hop;
  }
  return client;
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv6 by its /64 (one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would let one client spread its attempts over billions of keys).
 */
export function clientKeyOf(address: string | null): string {
  if (!address) return "unknown";
  if (isIP(address) !== 6) return address;
  const blocks = expandIpv6(address);
  return blocks ? `${blocks.slice(0, 4).join(":")}::/64` : address;
}

function expandIpv6(address: string): string[] | null {
  let value = address.split("%")[0];
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled earlier; 64:ff9b::1.2.3.4 here) becomes two blocks.
  const v4 = value.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    value = `${value.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  return [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right].map((b) =>
    (Number.parseInt(b, 16) || 0).toString(16),
  );
}
