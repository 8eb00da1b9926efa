import { describe, expect, it } from 'vitest';
import { en } from '../lib/i18n/en';
import { zh } from '../lib/i18n/zh';
import { featureBundles } from './i18n-bundles';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

// The dashboard's parity test names nine bundles; this one walks every bundle the app registers, so a new feature's
// labels cannot miss a language.
describe('every registered label bundle', () => {
  const bundles = [{ zh, en }, ...featureBundles];

  it.each(bundles.map((b, i) => [keys(b.zh)[0] ?? String(i), b] as const))('%s… has the same keys in zh and en, none empty', (_first, bundle) => {
    expect(keys(bundle.en).sort()).toEqual(keys(bundle.zh).sort());
    for (const lang of [bundle.zh, bundle.en]) {
      const walk = (o: Record<string, unknown>): void =>
        Object.values(o).forEach((v) => (typeof v === 'string' ? expect(v.trim()).not.toBe('') : walk(v as Record<string, unknown>)));
      walk(lang);
    }
  });
});
