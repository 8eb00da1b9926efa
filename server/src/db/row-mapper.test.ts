import * as drizzle from 'drizzle-orm';
import { getTableColumns, sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { zooAnimal } from '../modules/zoo/zoo.tables';
import { compileRowMapper } from './row-mapper';

/** Columns whose decoders change values (integer from text, numbers, json text, dates) beside plain ones. */
const mixed = pgTable('mixed', {
  id: text('id').primaryKey(),
  n: integer('n'),
  big: bigint('big', { mode: 'number' }),
  amount: numeric('amount', { mode: 'number' }),
  flag: boolean('flag'),
  doc: jsonb('doc'),
  at: timestamp('at', { mode: 'date' }),
  atText: timestamp('at_text', { mode: 'string' }),
  name: varchar('name', { length: 20 }),
  note: text('note'),
});

type Fields = Parameters<typeof compileRowMapper>[0];
// drizzle's own mapping and field ordering: exported at run time, left out of its type declarations.
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: (fields: never, row: unknown[], joins: undefined) => Record<string, unknown>;
  orderSelectedFields: (fields: never) => unknown;
};
const fieldsOf = (cols: Record<string, unknown>) => orderSelectedFields(cols as never) as unknown as Fields;

describe('compiled row mapper', () => {
  it('maps rows exactly as drizzle does: keys in order, nulls kept, decoders applied', () => {
    const fields = fieldsOf(getTableColumns(mixed));
    const map = compileRowMapper(fields)!;
    const rows: unknown[][] = [
      ['913221929945531765', '42', '9007199254740991', '12.50', true, '{"a":[1,"x"]}', '2026-11-25 08:41:43', '2026-11-25 08:41:43', 'O\'Brien "熊猫"', 'toString'],
      ['1', 7, 3, 0, false, { already: 'parsed' }, '2026-01-01 00:00:00+08', '2026-01-01', '', '__proto__'],
      ['2', null, null, null, null, null, null, null, null, null],
    ];
    for (const row of rows) {
      const mine = map(row);
      const theirs = mapResultRow(fields as never, row, undefined);
      expect(mine).toEqual(theirs);
      expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    }
    expect(map(rows[0]!).n).toBe(42);
    expect(map(rows[0]!).at).toBeInstanceOf(Date);
  });

  it('handles sql fields with and without a decoder, and the animal table as the detail reads it', () => {
    const fields = fieldsOf({ id: zooAnimal.id, total: sql<number>`count(*)`.mapWith(Number), label: sql<string>`'x'`, 'odd key"': zooAnimal.animalName });
    const map = compileRowMapper(fields)!;
    const row = ['5', '12', 'x', 'a'];
    expect(map(row)).toEqual(mapResultRow(fields as never, row, undefined));
    expect(map(row).total).toBe(12);

    const animal = fieldsOf(getTableColumns(zooAnimal));
    const raw = animal.map((_, i) => (i % 3 === 0 ? null : String(i)));
    expect(compileRowMapper(animal)!(raw)).toEqual(mapResultRow(animal as never, raw, undefined));
  });

  it('leaves nested selects to drizzle', () => {
    const nested = [{ path: ['animal', 'id'], field: zooAnimal.id }];
    expect(compileRowMapper(nested)).toBeUndefined();
  });
});
