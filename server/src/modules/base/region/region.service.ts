import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Region, RegionInput, RegionVO } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { bladeRegion } from './region.tables';

type Row = typeof bladeRegion.$inferSelect;

/** The province…village column pair each level fills (level 0 is the country: none). */
const LEVEL_COLS = [
  null,
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['districtCode', 'districtName'],
  ['townCode', 'townName'],
  ['villageCode', 'villageName'],
] as const;

// Qualified by hand: drizzle leaves columns of a single-table select unqualified, which the subquery would capture.
export const hasChildren = sql<boolean>`exists (select 1 from blade_region c where c.parent_code = "blade_region"."code")`;

export async function findRegion(db: DbLike, code: string): Promise<Row | undefined> {
  const [row] = await db.select().from(bladeRegion).where(eq(bladeRegion.code, code));
  return row;
}

/** Adds the parent's name (and whether the row has children) to rows of the region table. */
export async function regionVOs(db: DbLike, rows: Array<Row & { hasChildren: boolean }>): Promise<RegionVO[]> {
  const parents = [...new Set(rows.map((r) => r.parentCode))];
  const names = parents.length
    ? new Map(
        (await db.select({ code: bladeRegion.code, name: bladeRegion.name }).from(bladeRegion).where(inArray(bladeRegion.code, parents))).map((p) => [
          p.code,
          p.name,
        ]),
      )
    : new Map<string, string>();
  return rows.map((r) => ({ ...r, parentName: names.get(r.parentCode) ?? '' }));
}

export const childrenOf = (db: DbLike, parentCode: string) =>
  db
    .select({ ...columns(), hasChildren })
    .from(bladeRegion)
    .where(eq(bladeRegion.parentCode, parentCode))
    .orderBy(asc(bladeRegion.code));

function columns() {
  const {
    code,
    parentCode,
    ancestors,
    name,
    provinceCode,
    provinceName,
    cityCode,
    cityName,
    districtCode,
    districtName,
    townCode,
    townName,
    villageCode,
    villageName,
    regionLevel,
    sort,
    remark,
  } = bladeRegion;
  return {
    code,
    parentCode,
    ancestors,
    name,
    provinceCode,
    provinceName,
    cityCode,
    cityName,
    districtCode,
    districtName,
    townCode,
    townName,
    villageCode,
    villageName,
    regionLevel,
    sort,
    remark,
  };
}

/** A new row's derived columns: ancestors and the province…village codes and names from the parent chain. */
function derive(parent: Row | undefined, input: RegionInput): Region {
  const base: Region = {
    code: input.code,
    parentCode: input.parentCode,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : '0',
    name: input.name,
    provinceCode: '',
    provinceName: '',
    cityCode: '',
    cityName: '',
    districtCode: '',
    districtName: '',
    townCode: '',
    townName: '',
    villageCode: '',
    villageName: '',
    regionLevel: input.regionLevel,
    sort: input.sort ?? 0,
    remark: input.remark ?? '',
  };
  for (let l = 1; l < input.regionLevel; l++) {
    const [c, n] = LEVEL_COLS[l]!;
    base[c] = parent?.[c] ?? '';
    base[n] = parent?.[n] ?? '';
  }
  const own = LEVEL_COLS[input.regionLevel];
  if (own) {
    base[own[0]] = input.code;
    base[own[1]] = input.name;
  }
  return base;
}

/**
 * Submit semantics of the contract (§5.12): an existing code is updated (name, sort, remark; a new name also
 * reaches the descendants' columns), a new one is inserted under its parent with the derived columns.
 * `overwrite: false` (imports without isCovered) refuses an existing code.
 */
export async function saveRegion(db: DbLike, input: RegionInput, existing: Row | undefined, overwrite = true): Promise<void> {
  if (existing) {
    if (!overwrite) throw new BizError(`区划编号 [${input.code}] 已存在`);
    if (existing.parentCode !== input.parentCode || existing.regionLevel !== input.regionLevel) throw new BizError('不可修改已有区划的上级区划或区划等级');
    await db
      .update(bladeRegion)
      .set({ name: input.name, sort: input.sort ?? existing.sort, remark: input.remark ?? existing.remark })
      .where(eq(bladeRegion.code, input.code));
    const own = LEVEL_COLS[existing.regionLevel];
    if (own && input.name !== existing.name)
      await db
        .update(bladeRegion)
        .set({ [own[1]]: input.name })
        .where(eq(bladeRegion[own[0]], input.code));
    return;
  }
  let parent: Row | undefined;
  if (input.parentCode === '0') {
    if (input.regionLevel !== 0) throw new BizError('顶级区划的等级应为 0(国家)');
  } else {
    parent = await findRegion(db, input.parentCode);
    if (!parent) throw new BizError(`上级区划 [${input.parentCode}] 不存在`);
    if (input.regionLevel !== parent.regionLevel + 1) throw new BizError('区划等级应为上级区划等级加一');
  }
  await db.insert(bladeRegion).values(derive(parent, input));
}
