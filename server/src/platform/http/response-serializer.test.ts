import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

const compile = (mode: 'checked' | 'trusted', schema: z.ZodType) => responseSerializer(mode)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

interface Node {
  id: string;
  children?: Node[];
}
const Tree: z.ZodType<Node> = z.lazy(() => z.object({ id: z.string(), children: z.array(Tree).optional() }));
const Envelope = z.object({
  code: z.number(),
  data: z.object({
    records: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
    byKey: z.record(z.string(), z.object({ n: z.number() })),
    tree: z.array(Tree),
    loose: z.looseObject({ a: z.number() }),
    note: z.string().optional(),
  }),
});
const body = {
  code: 200,
  data: {
    records: [{ id: '1', name: null, password: 'x' }],
    byKey: { k: { n: 1, secret: true } },
    tree: [{ id: 'r', held: 2, children: [{ id: 'c', held: 1 }] }],
    loose: { a: 1, b: 2 },
    extra: 'kept in the server',
  },
};
const expected = {
  code: 200,
  data: { records: [{ id: '1', name: '' }], byKey: { k: { n: 1 } }, tree: [{ id: 'r', children: [{ id: 'c' }] }], loose: { a: 1, b: 2 } },
};

describe('response serializer', () => {
  it('writes only what the contract declares, in objects, arrays, records and recursive trees (loose objects keep theirs)', () => {
    expect(JSON.parse(compile('trusted', Envelope)(body))).toEqual(expected);
    expect(JSON.parse(compile('checked', Envelope)(body))).toEqual(expected);
  });

  it('blanks nulls as blankNulls does: null or a held undefined is "", a missing key or a tree\'s undefined children stay out', () => {
    const Item = z.object({ id: z.string(), name: z.string(), note: z.string().optional(), children: z.array(z.object({ id: z.string() })).optional() });
    const out = JSON.parse(
      compile(
        'trusted',
        z.array(Item),
      )([
        { id: '1', name: null, children: undefined },
        { id: '2', name: undefined, note: null },
      ]),
    );
    expect(out).toEqual([
      { id: '1', name: '' },
      { id: '2', name: '', note: '' },
    ]);
  });

  it('checked: a value of the wrong type or a missing field fails the response; trusted writes it as built', () => {
    const wrong = { code: 200, data: { ...expected.data, records: [{ id: 1, name: null }] } };
    expect(() => compile('checked', Envelope)(wrong)).toThrow(/GET \/x: the response does not match its contract/);
    expect(JSON.parse(compile('trusted', Envelope)(wrong)).data.records).toEqual([{ id: 1, name: '' }]);
    const missing = { code: 200, data: { ...expected.data, records: [{ id: '1' }] } };
    expect(() => compile('checked', Envelope)(missing)).toThrow(/does not match its contract/);
  });

  it('checked: a value the contract would encode differently fails the response', () => {
    const Coded = z.object({ at: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(() => compile('checked', Coded)({ at: 5 })).toThrow(/differs from its contract's encoding: \.at: 5 -> "5"/);
  });
});
