import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbLike, Tx } from '../../db/client';
import { cachedLiveRow, LIVE_PREFIX, liveRightsSql, rememberLiveRow, type LiveClaims, type LiveRow } from '../auth/live-rights';
import type { Cache } from '../cache';
import { SimpleMessage } from './simple-message';
import { preparedOn, preparesStatements, PREPARE_TYPE_ERRORS, refusePreparing, statementNumber } from '../../db/prepared';

export interface TxScope {
  tenantId: string;
  userId?: string;
  deptId?: string;
  /** Cross-tenant mode: the transaction runs as the owner, whom row-level security does not restrict. */
  allTenants?: boolean;
  /**
   * The caller's token claims: the token must still be live (else RevokedTokenError), and the user's row is read
   * in the same round trip as the settings (platform/auth/live-rights.ts); `onLive` gets it inside the
   * transaction, before `fn`, and may refuse.
   */
  live?: LiveClaims;
  onLive?: (row: LiveRow, tx: Tx) => Promise<void>;
  /** Where live rows are kept between requests (platform/auth/live-rights.ts); without it every call reads them. */
  liveCache?: Cache;
  /** Who and where, for the audit trail (`audit_row()` reads them): the person's name, client IP, request id. */
  userName?: string;
  clientIp?: string;
  requestId?: string;
  /** Why (header `Audit-Reason`); a handler may set it later with `setAuditReason`. */
  reason?: string;
  /** `false` writes no audit rows (seeding, synthetic data): only code the server runs itself sets it. */
  audit?: boolean;
  /**
   * A call that only reads (route(): GET unless declared otherwise). PostgreSQL refuses its writes
   * (`transaction_read_only`), and on a pool each message runs as its own implicit transaction carrying the
   * settings, so no BEGIN and no COMMIT travel (RequestConnection).
   */
  readOnly?: boolean;
}

export class RevokedTokenError extends Error {}

/**
 * The restricted role sees its tenant only (policy `tenant_id = app.tenant_id`, index-friendly); cross-tenant
 * mode drops back to the owner (`none` = the session user), whom the policies do not bind.
 */
const roleFor = (allTenants?: boolean) => (allTenants ? 'none' : 'zoo_app');

/**
 * Runs `fn` in one transaction as the restricted role, with the tenant and user settings the row-level
 * security policies and column defaults read. This is the one place tenant isolation is applied.
 *
 * Round trips (PostgreSQL): the opening — BEGIN and the settings, plus the caller's live row when `liveCache`
 * does not hold it — travels with the handler's first statement, and COMMIT with `finalStatement`'s statement. A read
 * answered from memory sends nothing; a detail read by one statement sends one message.
 */
export async function inTenant<T>(db: Db, scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims = scope.live;
  const cache = scope.liveCache;
  const known = claims && cache ? cachedLiveRow(cache, claims) : undefined;
  const since = cache?.epoch ?? 0;
  const readLive = Boolean(claims) && !known;
  const dept = (claims ? claims.deptId : (scope.deptId ?? '')).split(',')[0] ?? '';
  const live = readLive ? liveRightsSql(claims!) : undefined;
  const settings = [scope.tenantId, scope.userId ?? '', dept, roleFor(scope.allTenants)];
  // Who, from where and why are for the audit trail, which only writes fill: a read-only call goes without them.
  if (!scope.readOnly) settings.push(scope.userName ?? '', scope.clientIp ?? '', scope.requestId ?? '', scope.reason ?? '', scope.audit === false ? 'off' : 'on');
  const values = [...(live?.values ?? []), ...settings];
  const opening: Statement = { sql: openingText(live?.sql, live?.values.length ?? 0, Boolean(scope.readOnly)), lits: values.map(quoteLiteral) };
  const opened = async (rows: LiveRow[], tx: Tx) => {
    if (claims) {
      const row = known ?? rows[0]!;
      if (row.token_left_ms === null) throw new RevokedTokenError();
      if (!known && cache) rememberLiveRow(cache, claims, row, since);
      await scope.onLive?.(row, tx);
    }
    return fn(tx);
  };
  const pooled = pooledSession(db);
  if (pooled) return inPooledTx(pooled, opening, readLive, opened, cache, scope.readOnly);
  // PGlite (one connection): drizzle's own transaction, BEGIN as its own statement.
  return db.transaction(async (tx) => {
    const res = (await tx.execute(sql.raw(inlineValues(opening.sql, opening.lits!)))) as unknown as { rows: LiveRow[] };
    return opened(res.rows, tx);
  });
}

/** Settings every request transaction opens with, read by the row-level security policies and column defaults. */
const SETTINGS = ['app.tenant_id', 'app.user_id', 'app.dept_id', 'role'];
/** …and those the audit trigger reads, for calls that may write. */
const AUDIT_SETTINGS = ['app.user_name', 'app.client_ip', 'app.request_id', 'app.audit_reason', 'app.audit'];
const openings = new Map<string, string>();

/**
 * The opening's text (values as $n: the live row's first when it is read), built once per shape — it is sent with
 * every request, and building it through the query builder cost more than sending it.
 */
function openingText(liveSql: string | undefined, liveValues: number, readOnly: boolean): string {
  const key = `${liveSql ?? ''}|${readOnly}`;
  let text = openings.get(key);
  if (text === undefined) {
    const first = liveValues + 1;
    const sets = (readOnly ? SETTINGS : [...SETTINGS, ...AUDIT_SETTINGS]).map((name, i) => `set_config('${name}', $${first + i}, true)`);
    if (readOnly) sets.push(`set_config('transaction_read_only', 'on', true)`);
    // One result column for all of them: the client parses each column's description and value on every request.
    text = `select ${liveSql ? `${liveSql}, ` : ''}concat(${sets.join(', ')}) as settings`;
    openings.set(key, text);
  }
  return text;
}

interface PooledSession {
  pool: pg.Pool;
  dialect: PgDialect;
  session: NodePgSession<Record<string, never>, never>;
}

/** The node-postgres pool behind `db`, or null (PGlite). Drizzle keeps them on the database object. */
function pooledSession(db: Db): PooledSession | null {
  const { session, dialect } = db as unknown as { session: unknown; dialect: PgDialect };
  if (!(session instanceof NodePgSession)) return null;
  const pool = (session as unknown as { client: unknown }).client;
  return pool instanceof pg.Pool ? { pool, dialect, session: session as PooledSession['session'] } : null;
}

/**
 * drizzle's node-postgres transaction (session.js `transaction`) on a RequestConnection: the same
 * NodePgTransaction, so savepoints nest as before, but BEGIN and the opening ride on the first statement sent.
 * `eager`: the opening carries the caller's live row, which is needed before `fn` runs.
 */
async function inPooledTx<T>(
  p: PooledSession,
  opening: Statement,
  eager: boolean,
  fn: (rows: LiveRow[], tx: Tx) => Promise<T>,
  cache?: Cache,
  readOnly = false,
): Promise<T> {
  const conn = new RequestConnection(p.pool, p.dialect, opening, readOnly);
  const { schema, options } = p.session as unknown as { schema: undefined; options: object };
  const session = new NodePgSession(conn as unknown as pg.PoolClient, p.dialect, schema, options);
  const tx = new NodePgTransaction(p.dialect, session, schema) as unknown as Tx;
  openPooled.set(tx, conn);
  try {
    const out = await fn(eager ? await conn.open() : [], tx);
    await conn.commit();
    // This instance forgets the live rows the transaction changed before its caller hears back (the others do
    // when the triggers' notifications arrive).
    if (conn.liveChanged) cache?.clearLocal(LIVE_PREFIX);
    return out;
  } catch (error) {
    await conn.rollback();
    throw error;
  } finally {
    conn.release();
  }
}

/** Read with COMMIT: did the transaction change a token or a user's rights (set by the triggers, migration 0024)? */
const LIVE_CHANGED = `select current_setting('app.live_changed', true) = 'on' as live_changed`;

type Results = pg.QueryResult | pg.QueryResult[];

/** A statement as drizzle hands it over: pg's query config with the row mode and type parsers it sets. */
type Cfg = pg.QueryConfig & { rowMode?: 'array' };

/**
 * A statement with its values as SQL literals (`lits`), for a multi-statement simple-protocol message, which takes
 * no bind parameters: written in (`inline`), or passed to its prepared form (`execute zsN(…)`). `lits` null: the
 * statement keeps the bind protocol (a value that is not a scalar, or a text holding `;`).
 */
interface Statement {
  sql: string;
  lits: string[] | null;
}

/** A column added to a request's first opening (RequestConnection.inOpening). */
interface OpeningExtra {
  sql: string;
  lits: string[];
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
  sent: boolean;
}

const withColumns = new Map<string, string>();

/** The opening with one more column, its `$n` numbered after the opening's own values (text built once per pair). */
function withColumn(opening: Statement, extra: OpeningExtra): Statement {
  const key = `${opening.sql}\u0000${extra.sql}`;
  let text = withColumns.get(key);
  if (text === undefined) {
    const base = opening.lits!.length;
    text = `${opening.sql}, ${extra.sql.replace(/\$(\d+)/g, (_, n: string) => `$${base + Number(n)}`)} as extra`;
    withColumns.set(key, text);
  }
  return { sql: text, lits: [...opening.lits!, ...extra.lits] };
}

/** A statement waiting for the next message. */
interface Pending extends Statement {
  cfg: Cfg;
  params: unknown[];
  /** Statements sent right behind it in the same message (finalStatement's and commit's `; …; commit`). */
  tail: string;
  /** Results it produces: 1, more with a tail. */
  results: number;
  /** Its result is not read (a setting): it may share a message whatever type parsers that message uses. */
  loose?: boolean;
  resolve: (r: pg.QueryResult[]) => void;
  reject: (e: unknown) => void;
}

/** A result read in array mode, turned into what the statement asked for (pg's object rows: last name wins). */
function asRowMode(r: pg.QueryResult, rowMode: string | undefined): pg.QueryResult {
  if (rowMode === 'array') return r;
  const names = r.fields.map((f) => f.name);
  const rows = (r.rows as unknown as unknown[][]).map((v) => {
    const o: Record<string, unknown> = {};
    names.forEach((n, i) => (o[n] = v[i]));
    return o;
  });
  return { ...r, rows };
}

/**
 * The connection drizzle's request session talks to; it batches what the request sends.
 * - A pool connection is taken, and `begin; <opening>` sent, only when the first statement comes, in the same
 *   simple-protocol message: a handler answered from memory never takes a connection.
 * - Statements issued together (a page's batch loaders: species, cage, parents, keeper), or while a message is
 *   in flight, leave as ONE message, each with its values written as literals, and each gets its own result
 *   back. In a transaction a failed statement fails every later one anyway, so one message changes no outcome.
 * - A statement whose values are not all scalars, or whose text holds a `;`, goes alone with bind parameters.
 * - A read-only call (`autocommit`) opens no transaction: each message is `<opening>; <statements>`, which
 *   PostgreSQL runs as one implicit transaction, so the settings hold for its statements and no BEGIN or COMMIT
 *   travels (READ COMMITTED takes a snapshot per statement anyway, so separate messages see what one transaction
 *   would). A statement that needs the transaction to outlive its message — bind parameters, a savepoint, a
 *   handler's own `set_config` (asTenant) — first turns it into an ordinary transaction.
 */
class RequestConnection {
  private client?: pg.PoolClient;
  private connecting?: Promise<pg.PoolClient>;
  private begun = false;
  private inFlight = false;
  private scheduled = false;
  private closed = false;
  private readonly queue: Pending[] = [];
  private committed = false;
  liveChanged = false;
  private broken = false;
  /** The message being sent, awaited before the connection goes back to the pool. */
  private flight?: Promise<void>;

  private readonly prepare: boolean;
  /** Texts whose PREPARE rides in the message in flight (refused for good if PostgreSQL cannot type them). */
  private preparing: string[] = [];

  constructor(
    private readonly pool: pg.Pool,
    readonly dialect: PgDialect,
    private readonly opening: Statement,
    private autocommit = false,
  ) {
    this.prepare = preparesStatements(pool);
  }

  /**
   * A statement as this connection sends it: prepared (`execute zsN(…)`, preceded by its PREPARE the first time
   * on this connection: `lead` = 1 extra result) once it is worth naming, else with its values written in.
   */
  private form(client: object, st: Statement): { text: string; lead: number } {
    const n = this.prepare && st.lits?.length ? statementNumber(st.sql) : undefined;
    if (n === undefined) return { text: inlineValues(st.sql, st.lits!), lead: 0 };
    const run = `execute zs${n}(${st.lits!.join(', ')})`;
    const have = preparedOn(client);
    if (have.has(n)) return { text: run, lead: 0 };
    have.add(n);
    this.preparing.push(st.sql);
    return { text: `prepare zs${n} as ${st.sql}; ${run}`, lead: 1 };
  }

  /**
   * The opening as one statement text: its results come after `lead` PREPARE results. The first one carries the
   * column a handler asked for (`inOpening`) while it had not left yet; `extra` is then who waits for its value.
   */
  private openingFor(client: object): { text: string; lead: number; extra?: OpeningExtra } {
    this.openingSent = true;
    const extra = this.extra;
    if (!extra || extra.sent) return this.form(client, this.opening);
    extra.sent = true;
    return { ...this.form(client, withColumn(this.opening, extra)), extra };
  }

  /** A column the first opening reads for the handler, and who waits for its value. */
  private extra?: OpeningExtra;
  private openingSent = false;

  /**
   * Reads `column` (an SQL expression, its values as $1…, scalars only) in the request's opening: the statement
   * that switches the role and the settings as it runs. A table read there as the caller was re-planned on every
   * call (decision 0035), so the column calls a `SECURITY DEFINER` function that names its tenant itself.
   * Undefined when the opening has already left (the caller's live row was read before the handler ran) or another
   * column was asked for: the caller then reads it its own way.
   */
  inOpening(column: string, values: unknown[]): Promise<unknown> | undefined {
    const lits = literals(values);
    if (this.openingSent || this.extra || this.closed || lits === null) return undefined;
    return new Promise((resolve, reject) => (this.extra = { sql: column, lits, resolve, reject, sent: false }));
  }

  /**
   * Sends one simple-protocol message; when it carries an opening with a column asked for (`extra`), hands that
   * column's value (the last of the opening's row, result `openingAt`) to whoever asked, or the failure.
   */
  private async run(client: pg.PoolClient, text: string, types: unknown, extra: OpeningExtra | undefined, openingAt: number): Promise<pg.QueryResult[]> {
    try {
      const all = await SimpleMessage.run(client, text, types as ConstructorParameters<typeof SimpleMessage>[1]);
      const row = all.at(openingAt)?.rows[0] as unknown[] | undefined;
      if (row) extra?.resolve(row.at(-1) ?? null);
      else extra?.reject(new Error('the opening returned nothing'));
      return all;
    } catch (e) {
      extra?.reject(e);
      throw e;
    }
  }

  /**
   * A message failed: a PREPARE in it may or may not have run, so this connection's list of prepared statements
   * is unknown and it is not handed to the next request; a PREPARE PostgreSQL could not type is never tried again.
   */
  private failed(e: unknown): void {
    if (this.preparing.length === 0) return;
    this.broken = true;
    if (PREPARE_TYPE_ERRORS.has((e as { code?: string }).code ?? '')) for (const t of this.preparing) refusePreparing(t);
  }

  private connect(): Promise<pg.PoolClient> {
    this.connecting ??= this.pool.connect().then((c) => (this.client = c));
    return this.connecting;
  }

  /** Sends the opening now (before the handler runs) and returns its rows: the caller's live row. */
  async open(): Promise<LiveRow[]> {
    const client = await this.connect();
    // Before the handler runs, so no column was asked for yet.
    const o = this.openingFor(client);
    const head = this.autocommit ? '' : 'begin; ';
    try {
      const res = (await client.query(head + o.text)) as unknown as pg.QueryResult<LiveRow> | pg.QueryResult<LiveRow>[];
      this.begun = !this.autocommit;
      return (Array.isArray(res) ? res.at(-1)! : res).rows;
    } catch (e) {
      this.failed(e);
      throw e;
    } finally {
      this.preparing = [];
    }
  }

  /** node-postgres' `query(config, values)` as drizzle calls it (promise form). */
  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<Results> {
    const cfg: Cfg = typeof config === 'string' ? { text: config } : config;
    const params = values ?? (cfg.values as unknown[] | undefined) ?? [];
    const lits = cfg.text.includes(';') ? null : literals(params);
    return this.enqueue({ cfg, params, sql: cfg.text, lits, tail: '', results: 1 }).then((r) => r[0]!);
  }

  private enqueue(p: Omit<Pending, 'resolve' | 'reject'>): Promise<pg.QueryResult[]> {
    if (this.closed) return Promise.reject(new Error('request transaction already ended'));
    return new Promise((resolve, reject) => {
      this.queue.push({ ...p, resolve, reject });
      this.schedule();
    });
  }

  /**
   * A message leaves once the code that issued its statements yields: `process.nextTick` runs after the promise
   * jobs queued now are drained, so statements issued together (`Promise.all`, a page's batch loaders) reach the
   * queue first, and no I/O turn passes (waiting for the end of the event-loop turn held connections longer:
   * measured slower). What is issued while a message is in flight leaves together when it returns.
   */
  private schedule(): void {
    if (this.inFlight || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    process.nextTick(() => {
      this.scheduled = false;
      this.flight = this.send();
    });
  }

  private async send(): Promise<void> {
    if (this.inFlight || this.queue.length === 0) return;
    this.inFlight = true;
    // The longest run of inlinable statements at the head, or the head alone when it needs bind parameters. One
    // message has one set of type parsers: drizzle's statements (its own, keeping dates as text) and ours
    // (finalStatement, COMMIT: pg's defaults) do not share one.
    const typed = Boolean(this.queue.find((p) => !p.loose)?.cfg.types);
    let n = 0;
    while (n < this.queue.length && this.queue[n]!.lits !== null && (this.queue[n]!.loose || Boolean(this.queue[n]!.cfg.types) === typed)) n++;
    const batch = this.queue.splice(0, Math.max(n, 1));
    try {
      const client = await this.connect();
      if (this.closed) throw new Error('request transaction already ended');
      if (this.autocommit && batch.some(needsTransaction)) this.autocommit = false;
      if (batch.length === 1 && (batch[0]!.lits === null || (this.begun && batch[0]!.results === 1))) {
        // One statement on an open transaction (or one that needs bind parameters): the extended protocol, under a
        // name once the statement is worth one (pg parses it once per connection).
        const [b] = batch as [Pending];
        if (!this.begun) {
          const o = this.openingFor(client);
          await this.run(client, `begin; ${o.text}`, undefined, o.extra, -1);
          this.preparing = [];
          this.begun = true;
          // Rolled back meanwhile (a sibling statement failed): this one must not run after the ROLLBACK, outside
          // the transaction and its role.
          if (this.closed) throw new Error('request transaction already ended');
        }
        const n = this.prepare ? statementNumber(b.cfg.text) : undefined;
        // pg keeps the names it parsed on the connection; a first Parse may fail (see failed()).
        const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
        if (n !== undefined && !parsed?.[`zp${n}`]) this.preparing.push(b.cfg.text);
        b.resolve([(await client.query(n === undefined ? b.cfg : { ...b.cfg, name: `zp${n}` }, b.params)) as unknown as pg.QueryResult]);
      } else {
        const o = this.autocommit || !this.begun ? this.openingFor(client) : undefined;
        const head = o ? `${this.autocommit ? '' : 'begin; '}${o.text}; ` : '';
        let at = o ? o.lead + (this.autocommit ? 1 : 2) : 0;
        const forms = batch.map((b) => this.form(client, b));
        this.begun ||= !this.autocommit;
        const text = head + batch.map((b, i) => forms[i]!.text + b.tail).join('; ');
        const all = await this.run(client, text, batch[0]!.cfg.types, o?.extra, at - 1);
        batch.forEach((b, i) => {
          at += forms[i]!.lead;
          b.resolve(all.slice(at, at + b.results).map((r) => asRowMode(r, b.cfg.rowMode)));
          at += b.results;
        });
      }
    } catch (e) {
      this.failed(e);
      for (const b of batch) b.reject(e);
    } finally {
      this.preparing = [];
      this.inFlight = false;
      this.schedule();
    }
  }

  /** A statement whose result is not read (a setting): it joins the next message, whatever its statements. */
  setting(text: string, params: unknown[]): Promise<void> {
    return this.enqueue({ cfg: { text }, params, sql: text, lits: literals(params), tail: '', results: 1, loose: true }).then(() => undefined);
  }

  /** `text` (values inlined) and COMMIT in one message, behind whatever the request still has queued. */
  async finalStatement<T>(st: Statement): Promise<T[]> {
    const cfg = { text: st.sql };
    if (this.autocommit) {
      const [res] = await this.enqueue({ ...st, cfg, params: [], tail: '', results: 1 });
      // Turned into a transaction while it waited (a statement ahead of it needed one): commit that.
      await this.commit();
      this.closed = true;
      return res!.rows as T[];
    }
    this.committed = true;
    const res = await this.enqueue({ ...st, cfg, params: [], tail: `; ${LIVE_CHANGED}; commit`, results: 3 });
    this.closed = true;
    this.liveChanged = res[1]!.rows[0]?.live_changed === true;
    return res[0]!.rows as T[];
  }

  async commit(): Promise<void> {
    if (!this.connecting) this.dropExtra();
    if (this.committed || !this.connecting) return;
    if (this.autocommit) return this.settle();
    this.committed = true;
    const res = await this.enqueue({ cfg: { text: LIVE_CHANGED }, params: [], sql: LIVE_CHANGED, lits: [], tail: '; commit', results: 2 });
    this.closed = true;
    this.liveChanged = res[0]!.rows[0]?.live_changed === true;
  }

  /** Drops what was not sent yet and rolls back behind what is in flight (pg queues it after that). */
  async rollback(): Promise<void> {
    this.closed = true;
    this.dropExtra();
    for (const p of this.queue.splice(0)) p.reject(new Error('request transaction rolled back'));
    if (!this.connecting) return;
    if (this.autocommit) return this.settle();
    try {
      const client = await this.connecting;
      await client.query('rollback');
    } catch {
      this.broken = true;
    }
  }

  /** No transaction is open (read-only calls): ends the request once its last message is back. */
  private async settle(): Promise<void> {
    this.committed = true;
    this.closed = true;
    this.dropExtra();
    for (const p of this.queue.splice(0)) p.reject(new Error('request transaction already ended'));
    await this.flight?.catch(() => undefined);
  }

  /** A column asked for in an opening that never left (the request ended first) fails its waiter. */
  private dropExtra(): void {
    if (this.extra && !this.extra.sent) {
      this.extra.sent = true;
      this.extra.reject(new Error('request transaction already ended'));
    }
  }

  /** A connection that cannot even roll back is dropped, not handed to the next request mid-transaction. */
  release(): void {
    this.client?.release(this.broken);
    this.client = undefined;
  }
}

/**
 * Statements of a read-only call that need a transaction beyond their own message: bind parameters (their own
 * message), savepoints, and settings a handler changes for its later statements (asTenant, across-tenants).
 */
const needsTransaction = (p: Pending): boolean => p.lits === null || /set_config|^\s*(savepoint|release|rollback)\b/i.test(p.cfg.text);

const isScalar = (v: unknown): v is string | number | bigint | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean';

/**
 * A bound value as an SQL literal, or null when it is not a scalar: a literal and a bind parameter of unknown type
 * are resolved alike by PostgreSQL, so strings, numbers, booleans and flat arrays of them (written as pg writes
 * an array parameter, `{"1","2"}`: a lookup's `id = any($1)`) are written in; dates, buffers, objects and nested
 * arrays keep the bind protocol.
 */
function scalarLiteral(v: unknown): string | null {
  if (v === null || v === undefined) return 'null';
  if (isScalar(v)) return quoteLiteral(String(v));
  if (Array.isArray(v) && v.every((x) => x === null || x === undefined || isScalar(x)))
    return quoteLiteral(`{${v.map((x) => (x === null || x === undefined ? 'NULL' : `"${String(x).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`);
  return null;
}

const NEEDS_ESCAPING = /['\\]/;
/**
 * pg.escapeLiteral's result, built at once when there is nothing to escape (ids, tenant codes, names without a
 * quote): pg builds it a character at a time, which was the most allocating step of a request's opening.
 */
const quoteLiteral = (s: string): string => (NEEDS_ESCAPING.test(s) ? pg.escapeLiteral(s) : `'${s}'`);

/** Values as SQL literals, or null when one of them is not a scalar. */
function literals(params: unknown[]): string[] | null {
  const lits = params.map(scalarLiteral);
  return lits.includes(null) ? null : (lits as string[]);
}

/** `text` with its `$n` replaced by the literals. */
function inlineValues(text: string, lits: string[]): string {
  return lits.length === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => lits[Number(n) - 1]!);
}

/** The connection behind each open pooled request transaction (finalStatement sends COMMIT on it). */
const openPooled = new WeakMap<object, RequestConnection>();

/**
 * Reads `column` in the request's opening (RequestConnection.inOpening: a SECURITY DEFINER function that names its
 * tenant), saving the statement of its own; undefined when that cannot be done (PGlite, or the opening has left):
 * the caller reads it with a statement.
 */
export function readInOpening(tx: DbLike, column: string, values: unknown[]): Promise<unknown> | undefined {
  return openPooled.get(tx)?.inOpening(column, values);
}

/**
 * The LAST statement of a handler, sent with COMMIT in one simple-protocol message — with the opening too when it
 * is the request's only statement, so such a request costs one round trip. A read (the keeper-log month view), or
 * a write after which the handler only answers (a movement's ledger row: the stock locks are then held for no
 * further round trip). Under CPU contention every round trip waits for the backend to be scheduled, so the count
 * of round trips, not the SQL, set the month view's latency (decision 0029). Nothing may follow it in the
 * transaction — it is committed — and nothing after it may fail in a way that should have rolled it back. Values
 * travel as escaped literals (no bind parameters in a multi-statement message): scalars only. PGlite: an ordinary
 * statement of the transaction.
 */
export async function finalStatement<T>(tx: Tx, query: SQL): Promise<T[]> {
  const conn = openPooled.get(tx);
  if (!conn) return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
  const q = conn.dialect.sqlToQuery(query);
  return finalText<T>(tx, q.sql, q.params);
}

/** finalStatement for a statement whose text was built once (`$n` placeholders) and its values, scalars only. */
export async function finalText<T>(tx: Tx, text: string, params: unknown[]): Promise<T[]> {
  const lits = literals(params);
  if (lits === null) throw new Error('cannot inline a value that is not a scalar');
  const conn = openPooled.get(tx);
  if (!conn) return ((await tx.execute(sql.raw(inlineValues(text, lits)))) as unknown as { rows: T[] }).rows;
  return conn.finalStatement<T>({ sql: text, lits });
}

const REASON_UNLESS_GIVEN = `select set_config('app.audit_reason', coalesce(nullif(current_setting('app.audit_reason', true), ''), $1), true)`;

/**
 * Names the request's changes in their audit rows (a movement: 出生登记…) unless the caller gave a reason (header
 * `Audit-Reason`). It leaves with the request's next statements, in the same message whatever they are: callers
 * issue it first and need not await it before going on.
 */
export function auditReasonUnlessGiven(tx: Tx, label: string): Promise<void> {
  const reason = label.slice(0, 500);
  const conn = openPooled.get(tx);
  if (!conn) return tx.execute(sql.raw(inlineValues(REASON_UNLESS_GIVEN, [pg.escapeLiteral(reason)]))).then(() => undefined);
  return conn.setting(REASON_UNLESS_GIVEN, [reason]);
}

/** Records why the request changes what it changes (a movement's remark, a refusal's opinion…) in its audit rows. */
export async function setAuditReason(tx: Tx, reason: string): Promise<void> {
  await tx.execute(sql`select set_config('app.audit_reason', ${reason.slice(0, 500)}, true)`);
}

/**
 * Inside an open request transaction, acts as another tenant for `fn` (e.g. bootstrapping a new tenant's
 * role, department and admin), then restores the caller's tenant. Stays in the same transaction, so the whole
 * operation commits or rolls back as one. Cross-tenant mode is off inside: acting as a tenant means seeing and
 * writing that tenant's rows only.
 */
export async function asTenant<T>(tx: Tx, tenantId: string, fn: () => Promise<T>): Promise<T> {
  const res = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as prev, current_setting('role') as prev_role`,
  )) as unknown as { rows: Array<{ prev: string | null; prev_role: string | null }> };
  const prev = res.rows[0]?.prev ?? '';
  const prevRole = res.rows[0]?.prev_role || 'zoo_app';
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${roleFor(false)}, true)`);
  const restore = () => tx.execute(sql`select set_config('app.tenant_id', ${prev}, true), set_config('role', ${prevRole}, true)`);
  let out: T;
  try {
    out = await fn();
  } catch (e) {
    // After a failed statement the transaction is aborted and cannot restore anything; keep the real error.
    await restore().catch(() => undefined);
    throw e;
  }
  await restore();
  return out;
}
