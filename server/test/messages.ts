import pg from 'pg';

/**
 * The messages `fn` sends to PostgreSQL, in order: every `query` of a pg client is one round trip. Used by the
 * request-transaction tests and by the benches (BENCH_MESSAGES=1 prints them).
 */
export async function messagesOf<T>(fn: () => Promise<T>): Promise<{ out: T; sent: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { text: string };
    sent.push(typeof q === 'string' ? q : q.text);
    return original.apply(this, a);
  };
  try {
    return { out: await fn(), sent };
  } finally {
    proto.query = original;
  }
}
