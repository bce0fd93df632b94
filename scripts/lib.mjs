// Helpers shared by the repository's scripts (start, dev, test). Plain Node, no build step needed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function webBuildIsStale() {
  const built = path.join(root, "apps/web/dist/index.html");
  if (!fs.existsSync(built)) return true;
  const sources = ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", "packages/contracts/src"];
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return newestSource > fs.statSync(built).mtimeMs;
}

/** Builds the web app when it is stale; exits the process if the build fails. */
export async function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log("Building the web app…");
  const code = await run("npm", ["run", "build", "--workspace", "@plotline/web", "--silent"]);
  if (code !== 0) {
    console.error("The web app failed to build.");
    process.exit(code);
  }
}
