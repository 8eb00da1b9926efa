import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DictItem } from '@zoo/contract';
import type { DbLike } from '../../db/client';
import { bladeDict, bladeDictBiz } from './dict.tables';
import type { Cache } from '../cache';
import { currentLanguage, localLabel } from '../i18n/request-language';

export type DictTable = typeof bladeDict | typeof bladeDictBiz;
export type DictRow = typeof bladeDictBiz.$inferSelect | typeof bladeDict.$inferSelect;

/**
 * The two dictionaries: system (platform-wide) and business (per tenant). Cached reads are keyed under a
 * prefix every write of that dictionary invalidates; the business one includes the tenant, so one tenant's
 * entries never answer another's request (row-level security limits the read itself).
 */
export interface DictKind {
  table: DictTable;
  prefix: (tenantId: string) => string;
}
export const DICT_CACHE = 'dict:';
export const DICT_BIZ_CACHE = 'dictbiz:';
export const SYSTEM_DICT: DictKind = { table: bladeDict, prefix: () => DICT_CACHE };
export const BIZ_DICT: DictKind = { table: bladeDictBiz, prefix: (t) => `${DICT_BIZ_CACHE}${t}:` };
const TTL = 300_000;

const toItem = (r: DictRow): DictItem => ({
  id: r.id,
  parentId: r.parentId,
  code: r.code,
  dictKey: r.dictKey,
  dictValue: r.dictValue,
  dictValueEn: r.dictValueEn,
  sort: r.sort,
  remark: r.remark,
});

/** Items of one code: the root (parentId 0), sealed and deleted rows excluded (contract §6). */
export function dictItems(cache: Cache, db: DbLike, kind: DictKind, tenantId: string, code: string): Promise<DictItem[]> {
  const t = kind.table;
  return cache.get(`${kind.prefix(tenantId)}code:${code}`, TTL, async () => {
    const rows = await db
      .select()
      .from(t)
      .where(and(eq(t.code, code), gt(t.parentId, sql`0`), eq(t.isSealed, 0), eq(t.isDeleted, 0)))
      .orderBy(asc(t.sort), asc(t.id));
    return rows.map(toItem);
  });
}

/** Every live entry (the `tree` call), cached like the items. */
export function dictAll(cache: Cache, db: DbLike, kind: DictKind, tenantId: string): Promise<DictRow[]> {
  const t = kind.table;
  return cache.get(`${kind.prefix(tenantId)}all`, TTL, () => db.select().from(t).where(eq(t.isDeleted, 0)).orderBy(asc(t.sort), asc(t.id)));
}

export const systemDictItems = (cache: Cache, db: DbLike, code: string) => dictItems(cache, db, SYSTEM_DICT, '', code);

/** An entry's label in the request's language. */
export const dictLabel = (i: DictItem): string => localLabel(i.dictValue, i.dictValueEn);

/** dictKey → label of a system dictionary in the request's language, for the `*Name` fields of VOs. */
export async function systemDictLabels(cache: Cache, db: DbLike, code: string): Promise<(key: number | string | null | undefined) => string> {
  const lang = currentLanguage();
  const map = new Map((await systemDictItems(cache, db, code)).map((i) => [i.dictKey, localLabel(i.dictValue, i.dictValueEn, lang)]));
  return (key) => (key === null || key === undefined ? '' : (map.get(String(key)) ?? ''));
}
