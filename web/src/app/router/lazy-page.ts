import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { t } from '../../lib/i18n';
import { website } from '../../lib/website';

export type PageModule = { default: ComponentType };
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

/** A page chunk that did not arrive in time (spec §8: 120 s); the error boundary shows its message. */
export class PageLoadTimeout extends Error {
  constructor(ms: number) {
    super(t('shell.boundary.timeout', { seconds: Math.round(ms / 1000) }));
    this.name = 'PageLoadTimeout';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeout(ms)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * A lazily loaded page whose chunk load gives up after 120 s (spec §8) instead of hanging.
 * `preload` starts the same load early; a failed load is forgotten so the next attempt retries.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs: number = website.lazyPageTimeoutMs): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const start = () =>
    (pending ??= withTimeout(load(), timeoutMs).catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}
