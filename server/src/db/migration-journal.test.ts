import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string; when: number }> };

/**
 * drizzle's migrator applies, on an existing database, only the migrations whose journal time is later than the
 * last one it applied: a migration merged from a branch with an earlier time would be skipped on every install
 * already past it (fresh databases would not show it). Branches merged together must be put in order.
 */
describe('migration journal', () => {
  it('numbers migrations in order, each with its SQL file, at strictly increasing times', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx, e.tag).toBe(i);
      expect(Number(e.tag.slice(0, 4)), e.tag).toBe(i);
      expect(fs.existsSync(path.join(dir, `${e.tag}.sql`)), `${e.tag}.sql`).toBe(true);
      if (i > 0) expect(e.when, `${e.tag} must come after ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
  });
});
