/// <reference types="vitest/config" />
import { defineConfig } from "vite";

// The page is served by `b5 serve` itself (crates/web embeds dist/). During
// development and the end-to-end tests, `B5_API` names a running `b5 serve`
// to which /api (HTTP and WebSocket) is proxied.
const api = process.env.B5_API ?? "http://127.0.0.1:8080";
const proxy = { "/api": { target: api, ws: true, changeOrigin: false } };

export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    sourcemap: false,
    target: "es2022",
    reportCompressedSize: true,
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
  },
});
