import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const BOOT_LIBS =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|js-cookie|js-md5|stylis|@emotion|@babel[\\/]runtime|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@rc-component[\\/](util|motion|resize-observer|portal|trigger|form|async-validator|input|textarea|notification|dialog|tooltip|context)|antd[\\/]es[\\/](_util|config-provider|theme|style|locale|button|form|input|grid|app|message|notification|modal|spin|tooltip|space|wave|version|watermark|skeleton))[\\/]/;

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

// The server serves web/dist and falls back to index.html for client routes, so base stays '/'.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The boot chunk (React, router, i18n, the antd core) is ~830 kB raw, 220 kB brotli: by design.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The libraries the login page needs anyway, in one file: left to automatic splitting they came as
        // ~20 small shared chunks, each paying its own request and headers on the first visit (issue 13).
        codeSplitting: { groups: [{ name: 'boot', test: BOOT_LIBS }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole antd pages render slowly in jsdom; the 5 s default is too tight on a busy machine.
    testTimeout: 60_000,
  },
});
