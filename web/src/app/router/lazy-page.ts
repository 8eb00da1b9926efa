import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { t } from '../../lib/i18n';
import { website } from '../../lib/website';

export type PageModule = {
  default: ComponentType;
  /**
   * Reads the page's first frame needs, started when its module was evaluated (only when opened at its own path):
   * opened directly, the first render waits for them as for the chunk (main.tsx, bounded).
   */
  firstFrame?: Promise<unknown>;
};
export type LazyPage = LazyExoticComponent<ComponentType> & {
  preload: () => void;
  /** Starts the load like `preload`; settles (never rejects) when the chunk and its `firstFrame` reads have arrived or failed. */
  loaded: () => Promise<void>;
  /** The page once its chunk has arrived: rendered directly, it does not suspend (and show a spinner) again. */
  resolved: () => ComponentType | undefined;
};

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
  let resolved: ComponentType | undefined;
  const start = () =>
    (pending ??= withTimeout(load(), timeoutMs).then(
      (m) => {
        resolved = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const loaded = () =>
    start()
      .then((m) => m.firstFrame)
      .then(
        () => undefined,
        () => undefined,
      );
  return Object.assign(lazy(start), { preload: () => void loaded(), loaded, resolved: () => resolved });
}
