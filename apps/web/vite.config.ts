import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Dev server proxies the API to the Fastify process (`npm run dev` starts both). */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
