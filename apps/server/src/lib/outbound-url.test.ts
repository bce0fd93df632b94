import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOutboundUrl, checkOutboundUrlSyntax, isPrivateAddress, parseIPv6, postJson, retryAfterMs, type Resolver } from "./outbound-url.js";

const STRICT = { allowHttp: false, allowPrivate: false };
const HTTP_ONLY = { allowHttp: true, allowPrivate: false };
const OPEN = { allowHttp: true, allowPrivate: true };

/** A name server's answers: `rebind.example.com` leads to loopback, `public.example.com` to a public address. */
const answers: Record<string, Array<{ address: string; family: number }>> = {
  "rebind.example.com": [{ address: "127.0.0.1", family: 4 }],
  "mixed.example.com": [{ address: "93.184.216.34", family: 4 }, { address: "::ffff:10.0.0.1", family: 6 }],
  "public.example.com": [{ address: "93.184.216.34", family: 4 }],
};
const resolver: Resolver = async (host) => {
  const found = answers[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found;
};

describe("isPrivateAddress", () => {
  it("refuses every IPv4 range that leads inside", () => {
    for (const address of [
      "0.0.0.0", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.8.9.10", "169.254.169.254",
      "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.10", "192.168.1.1", "198.18.0.1", "198.19.255.255", "198.51.100.7",
      "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("lets public IPv4 addresses through, right next to the ranges", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "169.253.255.255", "192.167.255.255", "198.17.255.255", "198.20.0.0", "223.255.255.255"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses IPv6 loopback, unspecified, unique-local, link-local, site-local, multicast and documentation addresses", () => {
    for (const address of ["::1", "::", "[::1]", "fc00::1", "fd12:3456:789a::1", "fe80::1", "fe80::1%eth0", "febf::1", "fec0::1", "ff02::1", "2001:db8::1", "100::1", "64:ff9b:1::1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("judges an IPv4 address carried in IPv6 (mapped, compatible, NAT64, 6to4) as that address", () => {
    for (const address of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.1.2.3", "::ffff:a9fe:a9fe", "::127.0.0.1", "64:ff9b::10.0.0.1", "64:ff9b::c0a8:101", "2002:7f00:1::1", "2002:c0a8:0101::"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::8.8.8.8", "2002:808:808::1"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("lets public IPv6 addresses through and counts anything else as not allowed", () => {
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860::8888"]) expect(isPrivateAddress(address), address).toBe(false);
    for (const text of ["", "localhost", "example.com", "1.2.3", "::ffff:1.2.3.999", "gggg::1"]) expect(isPrivateAddress(text), text).toBe(true);
  });

  it("reads IPv6 in every written form", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("64:ff9b::1.2.3.4")).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x0102, 0x0304]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("1.2.3.4")).toBeNull();
  });
});

describe("checkOutboundUrlSyntax", () => {
  it("takes https only, or http too when allowed", () => {
    expect(checkOutboundUrlSyntax("https://hooks.example.com/services/T/B/x", STRICT).ok).toBe(true);
    expect(checkOutboundUrlSyntax("http://hooks.example.com/x", STRICT)).toMatchObject({ ok: false, reason: "scheme" });
    expect(checkOutboundUrlSyntax("http://hooks.example.com/x", HTTP_ONLY).ok).toBe(true);
    for (const raw of ["ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "gopher://example.com"]) {
      expect(checkOutboundUrlSyntax(raw, HTTP_ONLY), raw).toMatchObject({ ok: false, reason: "scheme" });
    }
    expect(checkOutboundUrlSyntax("not a url", STRICT)).toMatchObject({ ok: false, reason: "not_url" });
    expect(checkOutboundUrlSyntax("https://user:secret@example.com/x", STRICT)).toMatchObject({ ok: false, reason: "credentials" });
  });

  it("refuses private addresses in every form the URL parser reads, and localhost names", () => {
    for (const raw of [
      "https://127.0.0.1/x", "https://0x7f.1/x", "https://2130706433/x", "https://017700000001/x", "https://[::1]/x", "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:a9fe:a9fe]/latest", "https://169.254.169.254/latest", "https://10.0.0.5:8443/x", "https://localhost/x", "https://api.localhost/x", "https://0/x",
    ]) {
      expect(checkOutboundUrlSyntax(raw, STRICT), raw).toMatchObject({ ok: false, reason: "private_address" });
    }
    expect(checkOutboundUrlSyntax("https://127.0.0.1/x", OPEN).ok).toBe(true);
    expect(checkOutboundUrlSyntax("https://8.8.8.8/x", STRICT).ok).toBe(true);
  });
});

describe("checkOutboundUrl", () => {
  it("refuses a host name that resolves to a private address, or to one among others", async () => {
    expect(await checkOutboundUrl("https://rebind.example.com/x", STRICT, resolver)).toMatchObject({ ok: false, reason: "private_address", host: "rebind.example.com" });
    expect(await checkOutboundUrl("https://mixed.example.com/x", STRICT, resolver)).toMatchObject({ ok: false, reason: "private_address" });
    expect((await checkOutboundUrl("https://public.example.com/x", STRICT, resolver)).ok).toBe(true);
  });

  it("refuses a host name that does not resolve", async () => {
    expect(await checkOutboundUrl("https://nowhere.example.com/x", STRICT, resolver)).toMatchObject({ ok: false, reason: "host_not_found", host: "nowhere.example.com" });
  });

  it("refuses localhost names before resolving them", async () => {
    expect(await checkOutboundUrl("http://localhost.:8080/x", HTTP_ONLY, resolver)).toMatchObject({ ok: false, reason: "private_address" });
  });

  it("accepts anything well formed when private addresses are allowed, without resolving", async () => {
    expect((await checkOutboundUrl("http://localhost:8080/x", OPEN)).ok).toBe(true);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Sun, 01 Mar 2026 10:00:07 GMT", now)).toBe(7000);
    expect(retryAfterMs("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs("-5", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("postJson", () => {
  let server: http.Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += String(chunk)));
      request.on("end", () => {
        received.push(body);
        response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers to an allowed address and reads the answer", async () => {
    const answer = await postJson(`http://127.0.0.1:${port}/hook`, { text: "hi" }, { policy: OPEN, timeoutMs: 2000 });
    expect(answer).toEqual({ kind: "answered", status: 200, retryAfter: null, body: "ok" });
    expect(received.at(-1)).toBe(JSON.stringify({ text: "hi" }));
  });

  it("refuses, when connecting, a name that now resolves to a loopback address: nothing is sent", async () => {
    const before = received.length;
    const answer = await postJson(`http://rebind.example.com:${port}/hook`, { text: "inside" }, { policy: HTTP_ONLY, timeoutMs: 2000, resolve: resolver });
    expect(answer).toMatchObject({ kind: "refused", reason: "private_address" });
    expect(received.length).toBe(before);
  });

  it("connects to the address the name resolved to when private addresses are allowed", async () => {
    const answer = await postJson(`http://rebind.example.com:${port}/hook`, { text: "allowed" }, { policy: OPEN, timeoutMs: 2000, resolve: resolver });
    expect(answer).toMatchObject({ kind: "answered", status: 200 });
    expect(received.at(-1)).toBe(JSON.stringify({ text: "allowed" }));
  });

  it("tells a name that does not resolve and a refused connection apart from an answer", async () => {
    expect(await postJson(`http://nowhere.example.com:${port}/x`, {}, { policy: OPEN, timeoutMs: 2000, resolve: resolver })).toMatchObject({ kind: "failed" });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await postJson(`http://127.0.0.1:${closedPort}/x`, {}, { policy: OPEN, timeoutMs: 2000 })).toMatchObject({ kind: "failed", message: expect.stringContaining("ECONNREFUSED") });
  });

  it("gives up on a server that does not answer in time", async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const answer = await postJson(`http://127.0.0.1:${silentPort}/x`, {}, { policy: OPEN, timeoutMs: 300 });
    expect(answer).toEqual({ kind: "failed", message: "No answer within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(2000);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
