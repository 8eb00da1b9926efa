import pg from 'pg';

/**
 * The messages a call sends to PostgreSQL: every `query` of a pg client is one round trip. `fn` runs with the
 * counter on; the texts come back in order (BENCH_MESSAGES=1 in a bench prints them).
 */
export async function messagesOf(fn: () => Promise<void>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { text: string };
    sent.push(typeof q === 'string' ? q : q.text);
    return original.apply(this, a);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return sent;
}
