import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { NONCE_HEADER, SESSION_COOKIE } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "../../../test/http-receiver.js";

// A chat message survives the death of the process that queued it: a real server process (SQLite in a
// temporary folder) takes a change while it runs no jobs (PLOTLINE_WORKERS=0), is killed with SIGKILL, and
// the next process on the same data delivers the message.

const root = path.resolve(import.meta.dirname, "../../../../..");

let dataDir: string;
let receiver: HttpReceiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-chat-durability-"));
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts `main.ts` on the shared data folder; resolves once it answers `/api/health`. */
async function startServer(workers: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PLOTLINE_DATA: dataDir,
      DATABASE_URL: "",
      PLOTLINE_LOG: "off",
      PLOTLINE_WEB_DIST: "",
      PLOTLINE_WORKERS: String(workers),
      PLOTLINE_ALLOW_HTTP_WEBHOOKS: "1",
      PLOTLINE_ALLOW_PRIVATE_WEBHOOKS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    if (await fetch(`${url}/api/health`).then((response) => response.ok).catch(() => false)) return { url, child };
    if (Date.now() > deadline) throw new Error(`The server did not answer within 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs up the first user and answers a JSON caller with their session. */
async function setUp(url: string): Promise<(method: string, pathname: string, body?: unknown) => Promise<{ data: { id: number } }>> {
  const setup = await fetch(`${url}/api/auth/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ display_name: "Dana Durable", email: "dana@example.test", password: "correct horse battery" }),
  });
  expect(setup.status).toBe(200);
  const cookie = setup.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))?.split(";")[0] ?? "";
  const { data } = (await setup.json()) as { data: { nonce: string } };
  return async (method, pathname, body) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { "content-type": "application/json", cookie, [NONCE_HEADER]: data.nonce },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return JSON.parse(text) as { data: { id: number } };
  };
}

describe("a chat message queued by a process that is killed", () => {
  it("is delivered by the next process", async () => {
    const first = await startServer(0);
    const call = await setUp(first.url);
    const project = await call("POST", "/api/pm/v2/projects", { title: "Durable" });
    await call("POST", `/api/pm/v2/projects/${project.data.id}/settings`, { key: "slack", value: { status: "enable", webhook: `${receiver.origin}/hook` } });
    const list = await call("POST", `/api/pm/v2/projects/${project.data.id}/task-lists`, { title: "Launch" });
    await call("POST", `/api/pm/v2/projects/${project.data.id}/tasks`, { title: "Survives a crash", board_id: list.data.id });

    // The message waits in the queue of a process that runs no jobs; it dies without a chance to clean up.
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(receiver.received).toHaveLength(0);

    await startServer(1);
    const [request] = await receiver.waitFor(1, 10_000);
    expect(request?.path).toBe("/hook");
    expect(JSON.parse(request?.body ?? "{}").text).toMatch(/^Dana Durable created the task \*Survives a crash\* in Durable$/);
  }, 40_000);
});
