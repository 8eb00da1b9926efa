import { and, eq, sql } from 'drizzle-orm';
import type { DictCode } from '@zoo/contract';
import type { Tx } from '../db/client';
import { bladeDict, bladeDictBiz } from '../platform/dict/dict.tables';
import { FRAMEWORK_DICTS } from './dicts-framework';
import { ZOO_DICTS } from './dicts-zoo';

/**
 * One dictionary: its name in both languages and its items as [dictKey, dictValue, dictValueEn, remark?]. The
 * English label is required, so a seeded entry without one does not compile (decision 0049).
 */
export interface DictSeed {
  name: string;
  nameEn: string;
  items: Array<[key: string, zh: string, en: string, remark?: string]>;
}

/**
 * System dictionaries: code → DictSeed (contract §6, spec §7). Keyed by the contract's DictCode: a code the
 * contract lists without a seed here (or a seed the contract does not list) is a compile error.
 */
export const DICT_SEED: Record<DictCode, DictSeed> = { ...FRAMEWORK_DICTS, ...ZOO_DICTS };

type DictTable = typeof bladeDict | typeof bladeDictBiz;

/**
 * Adds the dictionaries `seeds` names that `table` lacks (by code), and fills the English label of entries seeded
 * before it existed: only where it is still empty and the Chinese label is still the seeded one, so an
 * administrator's edit is never overwritten. Idempotent; a business dictionary (`bladeDictBiz`) is seeded into
 * the transaction's current tenant (row-level security and the tenant column default place it).
 */
export async function seedDictTable(tx: Tx, table: DictTable, seeds: Record<string, DictSeed>): Promise<void> {
  const roots = await tx
    .select({ code: table.code })
    .from(table)
    .where(and(eq(table.parentId, '0'), eq(table.isDeleted, 0)));
  const have = new Set(roots.map((r) => r.code));
  let sort = roots.length;
  for (const [code, d] of Object.entries(seeds)) {
    if (have.has(code)) {
      await fillEnglish(tx, table, code, d);
      continue;
    }
    const [root] = await tx.insert(table).values({ code, dictKey: '-1', dictValue: d.name, dictValueEn: d.nameEn, sort: ++sort }).returning({ id: table.id });
    await tx.insert(table).values(
      d.items.map(([dictKey, dictValue, dictValueEn, remark], i) => ({
        parentId: root!.id,
        code,
        dictKey,
        dictValue,
        dictValueEn,
        sort: i + 1,
        remark: remark ?? '',
      })),
    );
  }
}

/** One statement per dictionary: (key, zh, en) rows joined to the entries still carrying the seeded Chinese label. */
async function fillEnglish(tx: Tx, table: DictTable, code: string, d: DictSeed): Promise<void> {
  const rows = [['-1', d.name, d.nameEn], ...d.items.map(([k, zh, en]) => [k, zh, en])];
  const values = sql.join(
    rows.map(([k, zh, en]) => sql`(${k}::text, ${zh}::text, ${en}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update ${table} t set dict_value_en = s.en from (values ${values}) as s(k, zh, en)
    where t.code = ${code} and t.dict_key = s.k and t.dict_value = s.zh and t.dict_value_en = '' and t.is_deleted = 0`);
}

/** The platform's system dictionaries. */
export const seedSystemDicts = (tx: Tx): Promise<void> => seedDictTable(tx, bladeDict, DICT_SEED);
