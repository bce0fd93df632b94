import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `.gz` and `.br` next to each text asset of the build, which the server's static plugin sends
 * (`preCompressed`) to browsers that accept them: compressed once at build time at the highest levels,
 * never per request.
 */
function precompress(): Plugin {
  return {
    name: "plotline-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await fs.readFile(full);
          // Below a packet or two compression saves nothing worth a second file.
          if (content.length < 1024) return;
          await fs.writeFile(`${full}.gz`, await gzip(content, { level: 9 }));
          await fs.writeFile(`${full}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

/** Dev server proxies the API to the Fastify process (`npm run dev` starts both). */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // The report lists every chunk with its gzip size: keep it, it is how a page's weight is watched.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Pages are split by their dynamic imports. These groups only help caching: the libraries every
        // page runs change less often than the app, so a deploy does not make browsers fetch them again.
        codeSplitting: {
          groups: [
            // Only what every page runs: the virtual list (the board's alone) stays with the screens that use it.
            { name: "vendor-react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next)[\\/]/ },
            { name: "vendor-mantine", test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/ },
            // Only the screens that drag load it; without a group of its own it joins whichever chunk the
            // bundler picks, and that one was loaded by every page, the sign-in screen included.
            { name: "vendor-dnd", test: /node_modules[\\/]@dnd-kit[\\/]/ },
          ],
        },
      },
    },
  },
});
