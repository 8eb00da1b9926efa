import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { featureBundles } from '../app/i18n-bundles';
import { i18n, initI18n } from '../lib/i18n';
import { initialSession, useSession } from '../lib/session';
import { stubDrift } from './fetch-stub';

// antd's responsive helpers and Table/Tabs measure through these; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computed(elt);

initI18n('zh', featureBundles);

// Whole antd pages in jsdom, several files in parallel: 1 s for findBy* is too tight.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  // A stubbed reply the contract's data schema refuses (test/fetch-stub.ts) fails the test that made it.
  const drift = stubDrift.splice(0);
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  useSession.setState(initialSession);
  await i18n.changeLanguage('zh');
  if (drift.length) throw new Error(`stubbed replies that drift from the contract:\n${[...new Set(drift)].join('\n')}`);
});
