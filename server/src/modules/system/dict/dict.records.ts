import type { DbLike } from '../../../db/client';
import type { DictKind, DictRow } from '../../../platform/dict/dict-cache';
import { parentNames } from '../../../platform/resource/parent-names';

/** DictVO: the entry plus `parentName` ("顶级" for roots). */
export async function dictRecords(db: DbLike, kind: DictKind, rows: DictRow[]) {
  const t = kind.table;
  const name = await parentNames(db, t, { id: t.id, name: t.dictValue }, rows, new Map(rows.map((r) => [r.id, r.dictValue])));
  return rows.map((r) => ({ ...r, parentName: name(r.parentId) }));
}
