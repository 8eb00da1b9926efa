import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const BOOT_LIBS =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|js-cookie|js-md5|stylis|@emotion|@babel[\\/]runtime|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@rc-component[\\/](util|motion|resize-observer|portal|trigger|form|async-validator|input|textarea|notification|dialog|tooltip|context)|antd[\\/]es[\\/](_util|config-provider|theme|style|locale|button|form|input|grid|app|message|notification|modal|spin|tooltip|space|wave|version|watermark|skeleton))[\\/]/;

const here = path.dirname(fileURLToPath(import.meta.url));
const TESTS = 'src/**/*.test.{ts,tsx}';
/** Test files that replace a module with vi.mock: the replacement lives in the module cache, so they keep their own. */
const mocking = fs
  .readdirSync(path.join(here, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.split(path.sep).join('/')}`)
  .filter((f) => fs.readFileSync(path.join(here, f), 'utf8').includes('vi.mock('));

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

// The server serves web/dist and falls back to index.html for client routes, so base stays '/'.
export default defineConfig({
  plugins: [
    react(),
    // The installable shell (decision 0046): Workbox precaches the built files so the app opens without a network;
    // data for offline use is kept by the app in IndexedDB, never by the service worker (no API caching here).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: '珍稀野生动物繁育饲养管理系统',
        short_name: '动物饲养',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#167750',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        // Client routes open the shell offline; the API is never answered by the service worker.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // The first visit is controlled at once (no reload needed before going offline); a new build takes over.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompress(),
  ],
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
    // Whole antd pages render slowly in jsdom; the 5 s default is too tight on a busy machine.
    testTimeout: 60_000,
    // A fresh jsdom and a fresh load of antd, React and the app for each of ~60 files was most of this stage's CPU
    // (about 2.8 s a file before its first test). Files share them within a worker; what a test changes outside
    // its render (session, language, storage, cookies, timers, globals, the DOM) src/test/setup.ts resets after
    // each test. Files that mock a module are kept apart, each with its own module cache.
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
