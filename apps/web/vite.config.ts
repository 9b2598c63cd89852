/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Page routes and API routes share paths: everything that is not a page load or one of
    // Vite's own files goes to the server.
    proxy: {
      // The live connection, with its WebSocket upgrade.
      '/socket.io': { target: api, ws: true },
      '^/(?!@|src/|node_modules/|favicon|socket\\.io).*': {
        target: api,
        // Only a page load (GET); a form post that asks for HTML too (the zip archive) is the server's.
        bypass: (req) =>
          req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 1000 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
