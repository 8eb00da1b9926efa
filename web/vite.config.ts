import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

// The server serves web/dist and falls back to index.html for client routes, so base stays '/'.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: api },
  preview: { proxy: api },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole antd pages render slowly in jsdom; the 5 s default is too tight on a busy machine.
    testTimeout: 60_000,
  },
});
