import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbLike } from '../db/client';
import { readAsOf } from './tenancy/read-behind';

const CHANNEL = 'zoo_cache';
/** Upper bound of entries per instance (memory stays flat under endless distinct keys). */
const MAX_ENTRIES = 20_000;
/** Invalidation times kept: a standby's read older than the last this many is not cached. */
const STAMPS = 256;

/**
 * Read-through cache for dictionaries, params and menus. Entries are local, but invalidation travels to every
 * instance through PostgreSQL NOTIFY (sent inside the writing transaction, so it is delivered on commit).
 */
export class Cache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private listener?: pg.Client;
  private closed = false;
  /**
   * True while this instance receives other instances' invalidations. Values that must never be stale by more
   * than the delivery of a notification (live rights) are only served from memory while it holds.
   */
  private hearing = false;
  /** Bumped by every invalidation: a value loaded across one may be stale and is not stored. */
  private generation = 0;
  /** When each recent generation began (its invalidation arrived): `stamps[generation % STAMPS]`. */
  private readonly stamps = new Array<number>(STAMPS).fill(0);

  constructor(private readonly log: FastifyBaseLogger) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const since = this.epoch;
    const value = await load();
    this.set(key, value, ttlMs, since);
    return value;
  }

  /** The live value of `key`, without loading. */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? (hit.value as T) : undefined;
  }

  /**
   * The generation a value loaded now belongs to. On a hot standby (read-behind.ts) it is the generation of the
   * moment the standby's data is complete to: an invalidation that arrived after it may announce a change the
   * standby has not replayed, so a value loaded there is not stored (-1 when that moment is older than the kept
   * stamps).
   */
  get epoch(): number {
    const asOf = readAsOf();
    if (asOf === undefined) return this.generation;
    let g = this.generation;
    for (let i = 0; i < STAMPS && g > 0; i++, g--) if (this.stamps[g % STAMPS]! <= asOf) return g;
    return g === 0 ? 0 : -1;
  }

  /** Stores `value` unless an invalidation happened since `sinceEpoch` (the value may predate it). */
  set(key: string, value: unknown, ttlMs: number, sinceEpoch = this.epoch): void {
    if (sinceEpoch !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.shrink();
  }

  /**
   * Keys that are never asked for again (counts under an old table version, one-off filters) would otherwise
   * stay until the process ends: drop expired entries, then the oldest written.
   */
  private shrink(): void {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES * 0.9) break;
      this.entries.delete(k);
    }
  }

  clearLocal(prefix = ''): void {
    this.generation++;
    this.stamps[this.generation % STAMPS] = Date.now();
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /** Drops keys starting with `prefix` here and, once the transaction commits, on every other instance. */
  async invalidate(db: DbLike, prefix = ''): Promise<void> {
    this.clearLocal(prefix);
    await db.execute(sql`select pg_notify(${CHANNEL}, ${prefix})`);
  }

  /** Subscribes to other instances' invalidations (PostgreSQL only; PGlite is a single process). */
  async listen(databaseUrl: string): Promise<void> {
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (m) => this.clearLocal(m.payload ?? ''));
      client.on('end', () => (this.hearing = false));
      client.on('error', (e) => {
        this.log.warn({ err: e }, 'cache listener lost; reconnecting');
        this.hearing = false;
        this.clearLocal();
        if (!this.closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
      // What was invalidated while nobody listened is unknown: start over.
      this.clearLocal();
      this.hearing = true;
    };
    await connect();
  }

  /** Whether invalidations from every instance reach this one now (PostgreSQL with a live listener). */
  get listening(): boolean {
    return this.hearing;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.hearing = false;
    await this.listener?.end().catch(() => undefined);
  }
}
