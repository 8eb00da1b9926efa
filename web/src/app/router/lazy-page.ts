import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { website } from '../../lib/website';

export type PageModule = { default: ComponentType };
export type LazyPage = LazyExoticComponent<ComponentType>;

/** A lazily loaded page whose chunk load gives up after 120 s (spec §8) instead of hanging. */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs: number = website.lazyPageTimeoutMs): LazyPage {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('page load timed out')), timeoutMs);
        load().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
  );
}
