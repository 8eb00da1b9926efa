/**
 * Names for statements PostgreSQL keeps per connection (pg's `name` option: Parse once per connection, then Bind
 * and Execute only). Parsing and planning were about 40 % of a stock movement's PostgreSQL time (decision 0032).
 * A text is named on its second use, at most MAX_NAMES per process, so one-off shapes (a long IN list) are not
 * kept. Off behind a transaction-pooling PgBouncer (DB_PREPARE=off): a statement parsed on one server connection
 * is unknown on the next.
 *
 * Requests pipeline their statements (several in flight on one connection), so two statements of one text may be
 * sent before the first one's Parse is answered: pg would send Parse twice and PostgreSQL refuse the second
 * (42P05). A name is therefore used on a connection only once its Parse was answered there, or while no statement
 * of that name is in flight on it; otherwise the statement goes unnamed.
 */
const MAX_NAMES = 800;
const SEEN_LIMIT = 10_000;

interface OnConnection {
  /** Names whose statement completed on this connection (pg has parsed them there). */
  parsed: Set<string>;
  /** Names sent but not answered yet. */
  inFlight: Set<string>;
}

export class StatementNames {
  private readonly seen = new Set<string>();
  private readonly names = new Map<string, string>();
  private readonly connections = new WeakMap<object, OnConnection>();

  /** The name to send `text` under on `client`, or undefined to send it unnamed. */
  nameFor(client: object, text: string): string | undefined {
    const name = this.named(text);
    if (name === undefined) return undefined;
    let on = this.connections.get(client);
    if (!on) this.connections.set(client, (on = { parsed: new Set(), inFlight: new Set() }));
    if (on.parsed.has(name)) return name;
    if (on.inFlight.has(name)) return undefined;
    on.inFlight.add(name);
    return name;
  }

  /** A named statement came back: parsed on that connection (pg records it the same way). */
  settled(client: object, name: string, ok: boolean): void {
    const on = this.connections.get(client);
    if (!on) return;
    on.inFlight.delete(name);
    if (ok) on.parsed.add(name);
  }

  private named(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_NAMES) return known;
    if (!this.seen.has(text)) {
      if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const name = `zs${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
