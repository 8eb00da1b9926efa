import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { featureBundles } from '../app/i18n-bundles';
import { i18n, initI18n } from '../lib/i18n';
import { initialSession, useSession } from '../lib/session';
import { stubDrift } from './fetch-stub';

// Files share one window within a worker (vite.config.ts): its patches are made once.
const patched = window as unknown as { __zooTestWindow?: true };
if (!patched.__zooTestWindow) {
  patched.__zooTestWindow = true;
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
  // jsdom walks every style sheet on each call, and role queries ask for every element (accessible names for every
  // descendant, antd tables on each resize): a third of this suite's CPU. An element's computed style changes only
  // when the document, a sheet, focus or a form control's state changes, so an answer is kept until the next such
  // change. Mutations are taken synchronously (takeRecords), so no answer outlives the change that made it stale.
  let styles = new WeakMap<Element, CSSStyleDeclaration>();
  const forget = () => {
    styles = new WeakMap();
  };
  const changes = new MutationObserver(forget);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // Pseudo-classes (:focus, :checked) and sheets edited through the CSSOM change styles without a DOM mutation.
  for (const type of ['focusin', 'focusout', 'input', 'change', 'click', 'keydown', 'keyup', 'resize']) window.addEventListener(type, forget, true);
  for (const name of ['insertRule', 'deleteRule', 'replaceSync'] as const) {
    const proto = CSSStyleSheet.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const original = proto[name];
    if (typeof original === 'function')
      proto[name] = function (this: CSSStyleSheet, ...args: unknown[]) {
        forget();
        return original.apply(this, args);
      };
  }
  window.getComputedStyle = (elt: Element) => {
    if (changes.takeRecords().length) forget();
    let style = styles.get(elt);
    if (!style) {
      style = computed(elt);
      styles.set(elt, style);
    }
    return style;
  };
}

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
