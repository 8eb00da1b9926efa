import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Cache } from './cache';

describe('cache bound', () => {
  it('keeps memory flat under endless distinct keys: the oldest written go first, recent and re-written stay', () => {
    const cache = new Cache({ warn: () => undefined } as unknown as FastifyBaseLogger);
    cache.set('keep', 1, 60_000);
    for (let i = 0; i < 30_000; i++) {
      cache.set(`count:zoo_animal:300001::v${i}`, i, 60_000);
      if (i % 1000 === 0) cache.set('keep', i, 60_000); // re-written: counts as new
    }
    expect(cache.peek('count:zoo_animal:300001::v0')).toBeUndefined();
    expect(cache.peek('count:zoo_animal:300001::v29999')).toBe(29999);
    expect(cache.peek('keep')).toBe(29000);
    let live = 0;
    for (let i = 0; i < 30_000; i++) if (cache.peek(`count:zoo_animal:300001::v${i}`) !== undefined) live++;
    expect(live).toBeLessThanOrEqual(20_000);
    expect(live).toBeGreaterThan(10_000);
  });
});
