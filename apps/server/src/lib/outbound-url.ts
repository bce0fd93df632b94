import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * The guard of every request Plotline makes to an address a user gave (a chat webhook): the address must be
 * `https://` (or `http://` where allowed) and must not lead into the server's own networks: no loopback,
 * link-local, private, shared (carrier-grade NAT), multicast, reserved or documentation address, written
 * out or reached through a host name. The name is resolved again when the request is made, and the
 * connection goes to the address that was checked, so a name that changes its answer after the check (DNS
 * rebinding) cannot lead the request inside.
 */

/** What the site allows beyond the safe default (`PLOTLINE_ALLOW_HTTP_WEBHOOKS`, `PLOTLINE_ALLOW_PRIVATE_WEBHOOKS`). */
export interface OutboundPolicy {
  /** Plain `http://` addresses are accepted too. */
  allowHttp: boolean;
  /** Loopback, link-local and private addresses are accepted (tests, and sites whose chat server is inside). */
  allowPrivate: boolean;
}

/** Resolves a host name to every address it has (`dns.lookup` with `all`); tests give a resolver of their own. */
export type Resolver = (host: string) => Promise<dns.LookupAddress[]>;

/** Why an address was refused. */
export type OutboundRefusal = "not_url" | "scheme" | "credentials" | "private_address" | "host_not_found";

/** The result of checking an address. */
export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: OutboundRefusal; host: string };

// Ranges as [first address, prefix length]; an IPv4 address is a 32-bit number, an IPv6 one eight 16-bit groups.
const PRIVATE_IPV4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const PRIVATE_IPV6: ReadonlyArray<readonly [string, number]> = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use IPv4/IPv6 translation
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (the private range of IPv6)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
];

/** An IPv4 address in dotted form as a 32-bit number; null when it is not one. */
export function parseIPv4(text: string): number | null {
  if (net.isIPv4(text) === false) return null;
  return text.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part and `::` expanded); null when it is not one. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!net.isIPv6(address)) return null;
  let body = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted?.[1]) {
    const v4 = parseIPv4(dotted[1]);
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    body = body.slice(0, -dotted[1].length);
    // "::1.2.3.4" leaves "::", "64:ff9b::1.2.3.4" leaves "64:ff9b::", "::ffff:1.2.3.4" leaves "::ffff:".
    if (body.endsWith(":") && !body.endsWith("::")) body = body.slice(0, -1);
  }
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const [head = "", rest] = body.split("::");
  const front = groupsOf(head);
  const back = rest === undefined ? [] : groupsOf(rest);
  const missing = 8 - tail.length - front.length - back.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  return [...front, ...new Array<number>(missing).fill(0), ...back, ...tail];
}

function inIPv4Range(value: number, [first, prefix]: readonly [string, number]): boolean {
  const start = parseIPv4(first) ?? 0;
  const size = 2 ** (32 - prefix);
  return value >= start && value < start + size;
}

function inIPv6Range(groups: readonly number[], [first, prefix]: readonly [string, number]): boolean {
  const start = parseIPv6(first) ?? [];
  for (let bit = 0; bit < prefix; bit += 16) {
    const index = bit / 16;
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    if (((groups[index] ?? 0) & mask) !== ((start[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4), to be judged as that address; else null. */
function embeddedIPv4(groups: readonly number[]): number | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const last32 = g * 65536 + h;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) return last32; // ::ffff:a.b.c.d and ::a.b.c.d
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return last32; // 64:ff9b::a.b.c.d
  if (a === 0x2002) return b * 65536 + c; // 2002:AABB:CCDD::/48
  return null;
}

/**
 * Whether an IP address (IPv4 dotted, or IPv6 with or without brackets and zone) must not be reached: a
 * loopback, link-local, private, shared, multicast, reserved, documentation or unspecified address, or an
 * IPv6 address that carries such an IPv4 one. Anything that is not an IP address counts as not allowed.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return PRIVATE_IPV4.some((range) => inIPv4Range(v4, range));
  const groups = parseIPv6(address);
  if (groups === null) return true;
  const carried = embeddedIPv4(groups);
  // "::" and "::1" are IPv4-compatible in form but are the unspecified and loopback addresses.
  if (PRIVATE_IPV6.some((range) => inIPv6Range(groups, range))) return true;
  return carried !== null && PRIVATE_IPV4.some((range) => inIPv4Range(carried, range));
}

/** The URL's host without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Checks what can be seen without the network: a URL, `https:` (or `http:` when allowed), no user name or
 * password, and, for an address written as an IP (in any form the URL parser reads: `0x7f.1`, `[::ffff:127.0.0.1]`)
 * or a `localhost` name, not a private one.
 */
export function checkOutboundUrlSyntax(raw: string, policy: OutboundPolicy): OutboundCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not_url", host: "" };
  }
  const host = bareHost(url);
  if (url.protocol !== "https:" && !(policy.allowHttp && url.protocol === "http:")) return { ok: false, reason: "scheme", host };
  if (host === "") return { ok: false, reason: "not_url", host };
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "credentials", host };
  if (policy.allowPrivate) return { ok: true, url };
  const name = host.replace(/\.$/, "");
  const isLocalName = name === "localhost" || name.endsWith(".localhost");
  if (isLocalName || (net.isIP(host) !== 0 && isPrivateAddress(host))) return { ok: false, reason: "private_address", host };
  return { ok: true, url };
}

/** How long a name may take to resolve. */
const LOOKUP_TIMEOUT_MS = 5_000;

/** The system's resolver, as connections use it. */
export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

async function resolveAll(host: string, resolve: Resolver): Promise<dns.LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Looking up ${host} took longer than ${LOOKUP_TIMEOUT_MS / 1000} s`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks an address before it is saved: the syntax, then every address its host name resolves to (all of
 * them must be allowed). A name that does not resolve is refused, as it could not be delivered to.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<OutboundCheck> {
  const checked = checkOutboundUrlSyntax(raw, policy);
  if (!checked.ok || policy.allowPrivate) return checked;
  const host = bareHost(checked.url);
  if (net.isIP(host) !== 0) return checked;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await resolveAll(host, resolve);
  } catch {
    return { ok: false, reason: "host_not_found", host };
  }
  if (addresses.length === 0) return { ok: false, reason: "host_not_found", host };
  if (addresses.some((entry) => isPrivateAddress(entry.address))) return { ok: false, reason: "private_address", host };
  return checked;
}

/**
 * The error a guarded lookup fails with when a name resolves to an address that must not be reached. It
 * names the host, never the address: its message goes to a delivery log project managers read, which must
 * not become a way to map the inside of the network.
 */
export class RefusedAddressError extends Error {
  readonly code = "EREFUSEDADDRESS";
  constructor(host: string) {
    super(`${host} resolves to a loopback, link-local or private address`);
    this.name = "RefusedAddressError";
  }
}

/**
 * A `lookup` for `http.request` and `net.connect` that resolves the name when the connection is made and
 * refuses it when any address is not allowed, so the socket is opened to an address that was checked.
 */
export function guardedLookup(policy: OutboundPolicy, resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, resolve).then(
      (found) => {
        // The family the connection asked for, when it asked for one.
        const addresses = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        const refused = policy.allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
        if (refused) return callback(new RefusedAddressError(hostname), "", 0);
        const first = addresses[0];
        // No address of the family asked for: a network failure like any other, tried again later.
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address of the kind asked for`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** How a request to an outside address ended. */
export type OutboundAnswer =
  /** The server answered: its status, its `Retry-After` header, and the start of its body. */
  | { kind: "answered"; status: number; retryAfter: string | null; body: string }
  /** The address is not allowed (now: the name may resolve elsewhere than when it was saved). */
  | { kind: "refused"; reason: OutboundRefusal; message: string }
  /** No answer: the name did not resolve, the connection failed, or the time ran out. */
  | { kind: "failed"; message: string };

/** How much of an answer's body is kept, for the delivery log. */
const BODY_KEPT_BYTES = 500;

// Connections are kept for the next message to the same chat service; each was opened to a checked address.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 8 }), https: new https.Agent({ keepAlive: true, maxSockets: 8 }) };

/**
 * POSTs a JSON body to an outside address, through the guard: the syntax is checked again, the name is
 * resolved and checked while connecting, no redirect is followed, and the whole exchange (connection,
 * request, answer) must end within `timeoutMs`. Never throws.
 */
export function postJson(raw: string, body: unknown, options: { policy: OutboundPolicy; timeoutMs: number; resolve?: Resolver }): Promise<OutboundAnswer> {
  const checked = checkOutboundUrlSyntax(raw, options.policy);
  if (!checked.ok) return Promise.resolve({ kind: "refused", reason: checked.reason, message: `The address is not allowed (${checked.reason})` });
  const { url } = checked;
  const payload = Buffer.from(JSON.stringify(body));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? agents.https : agents.http,
        lookup: guardedLookup(options.policy, options.resolve),
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { "content-type": "application/json; charset=utf-8", "content-length": payload.length, "user-agent": "Plotline" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < BODY_KEPT_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on("end", () => {
          const retryAfter = response.headers["retry-after"];
          resolve({
            kind: "answered",
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            body: Buffer.concat(chunks).toString("utf8").slice(0, BODY_KEPT_BYTES),
          });
        });
        response.on("error", (error) => resolve(failure(error, options.timeoutMs)));
      },
    );
    request.on("error", (error) => resolve(failure(error, options.timeoutMs)));
    request.end(payload);
  });
}

function failure(error: Error, timeoutMs: number): OutboundAnswer {
  if (error instanceof RefusedAddressError) return { kind: "refused", reason: "private_address", message: error.message };
  if (error.name === "AbortError" || error.name === "TimeoutError") return { kind: "failed", message: `No answer within ${timeoutMs / 1000} s` };
  const code = (error as NodeJS.ErrnoException).code;
  return { kind: "failed", message: code ? `${code}: ${error.message}` : error.message };
}

/**
 * When to try again after an answer with `Retry-After` (seconds, or an HTTP date), in milliseconds from
 * `now`; null when the header is absent or unreadable. Never negative.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); "-5" would parse as a year.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
