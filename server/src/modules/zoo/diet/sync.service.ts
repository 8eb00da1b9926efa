import { and, eq, sql } from 'drizzle-orm';
import { basicLog, feeding, type SyncEntry, type SyncResult } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import type { Session } from '../../../platform/auth/session';
import type { Cache } from '../../../platform/cache';
import { assertInDataScope } from '../../../platform/access/data-scope';
import { BizError } from '../../../platform/http/errors';
import { rows, toLogRecord } from '../keeper/basic-log.service';
import { zooBasicLog } from '../keeper/keeper.tables';
import { lockLogDay, logValues } from '../keeper/log-values';
import type { LookupCtx } from '../shared/lookups';
import { zooFeeding } from './diet.tables';
import { feedingValues, lockFeeding, toFeedingRecords } from './feeding.service';

type Entry = z.output<typeof SyncEntry>;
type Outcome = Omit<SyncResult, 'key'>;
/** What the data-scope check needs: the request's transaction, session and cache. */
export type ScopeCall = { db: Tx; session: Session; cache: Cache };
const L = zooBasicLog;
const F = zooFeeding;

/**
 * Claims the keys of a batch: one INSERT … ON CONFLICT DO NOTHING in key order. A key another request holds
 * uncommitted makes this wait on the unique index until that request ends, then count as taken; taking them in one
 * order keeps two replays of overlapping batches from waiting on each other. Answers the keys this request claimed.
 */
export async function claimKeys(db: Tx, userId: string, entries: Entry[]): Promise<Set<string>> {
  const byKey = new Map(entries.map((e) => [e.key, e.kind]));
  const keys = [...byKey.keys()].sort();
  const claimed = await rows<{ k: string }>(
    db,
    sql`insert into zoo_sync_receipt (client_key, kind, user_id)
        select k, kind, ${userId}::bigint from unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((k) => byKey.get(k)!))}::text[]) as u(k, kind) order by k
        on conflict do nothing returning client_key as k`,
  );
  return new Set(claimed.map((c) => c.k));
}

/** What an earlier request recorded for keys it applied. */
export async function earlierOutcomes(db: Tx, keys: string[]): Promise<Map<string, { id: string; rowVersion: number }>> {
  if (!keys.length) return new Map();
  const r = await rows<{ k: string; id: string | null; v: number }>(
    db,
    sql`select client_key as k, target_id::text as id, row_version as v from zoo_sync_receipt where client_key = any(${sql.param(keys)}::text[])`,
  );
  return new Map(r.map((x) => [x.k, { id: x.id ?? '', rowVersion: x.v }]));
}

export const settle = (db: Tx, key: string, o: Outcome) =>
  o.status === 'applied'
    ? db.execute(sql`update zoo_sync_receipt set target_id = ${o.id}::bigint, row_version = ${o.rowVersion} where client_key = ${key}`)
    : // Not applied: the key is released, so the device may send it again after the keeper chose.
      db.execute(sql`delete from zoo_sync_receipt where client_key = ${key}`);

const conflict = (server: Record<string, unknown>): Outcome => ({
  status: 'conflict',
  id: String(server.id),
  rowVersion: Number(server.rowVersion),
  msg: '该记录已被他人修改',
  server,
});

/**
 * One keeper-log upsert. The same subject's log of the same day is the unit of conflict: when the server's version
 * is not the one the device saw (base; 0 = it saw none), both versions go back and nothing is written.
 */
async function applyLog(scope: ScopeCall, ctx: LookupCtx, e: Extract<Entry, { kind: 'log' }>, canEdit: boolean): Promise<Outcome> {
  const { db, session } = scope;
  await lockLogDay(db, e.body.animalId, e.body.logDate);
  const [cur] = await db
    .select()
    .from(L)
    .where(and(eq(L.animalId, e.body.animalId), eq(L.logDate, e.body.logDate), eq(L.isDeleted, 0)));
  // Before the conflict check: a row outside the caller's scope is refused as the log screen refuses it, and its
  // contents are not sent back as "the server's version".
  if (cur) await assertInDataScope(scope, basicLog.name, L, [cur.id]);
  if (cur && cur.rowVersion !== e.base) return conflict((await toLogRecord(cur, ctx)) as never);
  if (cur && !canEdit) throw new BizError('没有修改饲养日志的权限');
  const v = await logValues(db, session, e.body, cur);
  const b = e.body;
  const cols = { ...v, logDate: b.logDate, appetite: b.appetite, behaviour: b.behaviour, faeces: b.faeces, health: b.health, remark: b.remark ?? '' };
  const [row] = cur
    ? await db
        .update(L)
        .set({ ...cols, updateUser: session.userId, updateTime: sql`localtimestamp(0)` })
        .where(eq(L.id, cur.id))
        .returning({ id: L.id, v: L.rowVersion })
    : await db.insert(L).values(cols).returning({ id: L.id, v: L.rowVersion });
  return { status: 'applied', id: row!.id, rowVersion: row!.v, msg: '' };
}

/** One feeding record upsert: the unit of conflict is the planned feeding of that day. */
async function applyFeeding(scope: ScopeCall, ctx: LookupCtx, e: Extract<Entry, { kind: 'feeding' }>, canEdit: boolean): Promise<Outcome> {
  const { db, session } = scope;
  await lockFeeding(db, e.body.planId, e.body.feedingNo, e.body.feedDate);
  const [cur] = await db
    .select()
    .from(F)
    .where(and(eq(F.planId, e.body.planId), eq(F.feedingNo, e.body.feedingNo), eq(F.feedDate, e.body.feedDate), eq(F.isDeleted, 0)));
  if (cur) await assertInDataScope(scope, feeding.name, F, [cur.id]);
  if (cur && cur.rowVersion !== e.base) return conflict((await toFeedingRecords([cur], ctx))[0] as never);
  if (cur && !canEdit) throw new BizError('没有修改饲喂记录的权限');
  const v = await feedingValues(db, session, e.body, cur);
  const [row] = cur
    ? await db
        .update(F)
        .set({ ...v, updateUser: session.userId, updateTime: sql`localtimestamp(0)` })
        .where(eq(F.id, cur.id))
        .returning({ id: F.id, v: F.rowVersion })
    : await db.insert(F).values(v).returning({ id: F.id, v: F.rowVersion });
  return { status: 'applied', id: row!.id, rowVersion: row!.v, msg: '' };
}

/** Applies one claimed entry; a rule that refuses it (a BizError) answers `rejected` with its message. */
export async function applyEntry(scope: ScopeCall, ctx: LookupCtx, e: Entry, canEdit: boolean): Promise<Outcome> {
  try {
    return e.kind === 'log' ? await applyLog(scope, ctx, e, canEdit) : await applyFeeding(scope, ctx, e, canEdit);
  } catch (err) {
    if (err instanceof BizError) return { status: 'rejected', id: '', rowVersion: 0, msg: err.message };
    throw err;
  }
}
