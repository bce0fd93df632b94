// `npm run dev`: the API with reload on change, and Vite's dev server (with the API proxied) on 5173.
import { run } from "./lib.mjs";

const port = process.env.PORT ?? "8080";
console.log(`API on http://localhost:${port}, web app with reload on http://localhost:5173`);
const codes = await Promise.all([
  run("npx", ["tsx", "watch", "apps/server/src/main.ts"], { env: { PORT: port, PLOTLINE_WEB_DIST: "" } }),
  run("npm", ["run", "dev", "--workspace", "@plotline/web"]),
]);
process.exitCode = Math.max(...codes);
