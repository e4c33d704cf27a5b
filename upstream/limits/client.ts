/**
 * Who calls the API, for the limits of its public calls. The API is reached only by the app, which forwards the
 * member's address (the one its own limits count, decision 131) in X-Forwarded-For, and for a login the id of the
 * member's known browser (decision 079) in X-Login-Device. Both are believed only when the socket's peer is a
 * trusted address (UPSTREAM_TRUSTED_PROXIES; loopback by default: the app beside the API), and then X-Forwarded-For
 * only up to its rightmost hop that is not itself trusted. Anyone else is the socket's address, whatever it says.
 */
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

/** Loopback: the app on the same host, as `npm start` and the Docker image run it. */
export const DEFAULT_TRUSTED = "127.0.0.0/8,::1";

/** `::ffff:192.0.2.1` is `192.0.2.1`; `[2001:db8::1]:443` and `192.0.2.1:80` lose their port; IPv6 lower-cased. */
export function normalizeAddress(address: string): string {
  let value = address.trim();
  const bracketed = value.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = value.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? mapped[1] : value.toLowerCase();
}

/** A comma-separated list of addresses and CIDR ranges ("" trusts nobody). Throws on a bad entry. */
export function parseTrusted(list: string): BlockList {
  const blockList = new BlockList();
  for (const entry of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [raw, prefix, extra] = entry.split("/");
    const address = normalizeAddress(raw);
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
  return blockList;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The caller's address: the peer, or behind trusted peers the rightmost X-Forwarded-For hop not trusted. */
export function clientAddressOf(
  peer: string | null,
  forwardedFor: string | undefined,
  trusted: BlockList,
): string | null {
  if (!peer) return null;
  let client = normalizeAddress(peer);
  if (!forwardedFor || !isTrusted(client, trusted)) return client;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop, trusted)) return hop;
  }
  return client;
}

/** The key an address is counted under: IPv4 as is, IPv6 by its /64 (one subscriber holds a whole /64). */
export function clientKeyOf(address: string | null): string {
  if (!address) return "unknown";
  if (isIP(address) !== 6) return address;
  const blocks = expandIpv6(address);
  return blocks ? `${blocks.slice(0, 4).join(":")}::/64` : address;
}

function expandIpv6(address: string): string[] | null {
  let value = address.split("%")[0];
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

/** The socket's peer under @hono/node-server (none for `app.request()` in tests). */
function peerOf(c: Context): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

export type Caller = {
  /** The key the caller's address is counted under. */
  client: string;
  /** The member's known browser for the account being logged in to, as the trusted app says. */
  device: string | null;
};

export function callerOf(c: Context, trusted: BlockList): Caller {
  const peer = peerOf(c);
  const fromTrusted = peer !== null && isTrusted(normalizeAddress(peer), trusted);
  const device = fromTrusted ? (c.req.header("x-login-device")?.trim() ?? "") : "";
  return {
    client: clientKeyOf(clientAddressOf(peer, c.req.header("x-forwarded-for"), trusted)),
    device: /^[\w-]{16,64}$/.test(device) ? device : null,
  };
}
