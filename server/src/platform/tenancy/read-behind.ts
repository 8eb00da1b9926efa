import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A read-only call served by a hot standby sees the primary's data as of some moment in the past (decision 0055):
 * every commit acknowledged before `asOf` (ms since the epoch) is there, later ones may not be. The cache
 * (platform/cache.ts) reads it so that a value loaded there is not kept when an invalidation arrived after that
 * moment: the standby may not have replayed the change the invalidation announced.
 */
const store = new AsyncLocalStorage<number>();

export const readingAsOf = <T>(asOf: number, fn: () => Promise<T>): Promise<T> => store.run(asOf, fn);

/** The moment the data of the running call is complete to; undefined on the primary (it is current). */
export const readAsOf = (): number | undefined => store.getStore();
