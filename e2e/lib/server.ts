import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { JOURNEY_START, JOURNEY_TIMEZONE } from "./clock.js";

const root = path.resolve(import.meta.dirname, "../..");

/** A Plotline server started as `npm start` starts it, on a fresh data folder and a free port. */
export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

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

/**
 * Starts the real server process (the web app must be built), its clock set to the journeys' moment.
 * Resolves once /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-e2e-"));
  const port = await freePort();
  const clock = path.join(import.meta.dirname, "server-clock.ts");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "--import", clock, "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PLOTLINE_DATA: dataDir,
      PLOTLINE_LOG: "off",
      PLOTLINE_CHECK_RESPONSES: "1",
      PLOTLINE_TIMEZONE: JOURNEY_TIMEZONE,
      PLOTLINE_E2E_CLOCK: JOURNEY_START.toISOString(),
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The server did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
