import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Cache } from './cache';
import { readingAsOf } from './tenancy/read-behind';

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

describe('values loaded on a hot standby (decision 0055)', () => {
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

  it('are kept only when no invalidation arrived after the moment the standby is complete to', async () => {
    const cache = new Cache(log);
    const before = Date.now() - 1000;
    cache.clearLocal('dict:');
    // The standby holds everything committed up to a second ago: the invalidation just now may announce a change
    // it lacks, so what it answers is used but not kept.
    expect(await readingAsOf(before, () => cache.get('dict:a', 60_000, async () => 'old'))).toBe('old');
    expect(cache.peek('dict:a')).toBeUndefined();
    await readingAsOf(before, async () => cache.set('dict:b', 'old', 60_000));
    expect(cache.peek('dict:b')).toBeUndefined();
    // Complete to a moment after the invalidation: kept, as on the primary.
    const after = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 2));
    expect(await readingAsOf(after, () => cache.get('dict:a', 60_000, async () => 'new'))).toBe('new');
    expect(cache.peek('dict:a')).toBe('new');
    // On the primary nothing changes.
    expect(await cache.get('dict:c', 60_000, async () => 'primary')).toBe('primary');
    expect(cache.peek('dict:c')).toBe('primary');
  });

  it('are not kept when the moment is older than the invalidations remembered', async () => {
    const cache = new Cache(log);
    const long = Date.now() - 1;
    await new Promise((r) => setTimeout(r, 2));
    for (let i = 0; i < 300; i++) cache.clearLocal('x:');
    expect(await readingAsOf(long, () => cache.get('dict:d', 60_000, async () => 'old'))).toBe('old');
    expect(cache.peek('dict:d')).toBeUndefined();
  });
});
