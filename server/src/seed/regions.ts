import type { Tx } from '../db/client';
import { bladeRegion } from '../modules/base/region/region.tables';

type Seed = [code: string, parent: string, name: string, level: number];

/** A small region tree so pickers work out of the box; the full table comes through import-region. */
const REGIONS: Seed[] = [
  ['00', '0', '中国', 0],
  ['11', '00', '北京市', 1],
  ['1101', '11', '市辖区', 2],
  ['110101', '1101', '东城区', 3],
  ['110105', '1101', '朝阳区', 3],
  ['31', '00', '上海市', 1],
  ['3101', '31', '市辖区', 2],
  ['44', '00', '广东省', 1],
  ['4401', '44', '广州市', 2],
  ['4403', '44', '深圳市', 2],
  ['51', '00', '四川省', 1],
  ['5101', '51', '成都市', 2],
  ['53', '00', '云南省', 1],
  ['5301', '53', '昆明市', 2],
];

const LEVEL = ['', 'province', 'city', 'district', 'town', 'village'] as const;

export async function seedRegions(tx: Tx): Promise<void> {
  const byCode = new Map(REGIONS.map((r) => [r[0], r]));
  const rows = REGIONS.map(([code, parentCode, name, level], i) => {
    const chain: Seed[] = [];
    for (let cur = byCode.get(code); cur; cur = byCode.get(cur[1])) chain.unshift(cur);
    const row: Record<string, string | number> = {
      code,
      parentCode,
      name,
      regionLevel: level,
      sort: i + 1,
      ancestors: ['0', ...chain.slice(0, -1).map((c) => c[0])].join(','),
    };
    for (const c of chain) if (c[3] > 0) Object.assign(row, { [`${LEVEL[c[3]]}Code`]: c[0], [`${LEVEL[c[3]]}Name`]: c[2] });
    return row as typeof bladeRegion.$inferInsert;
  });
  await tx.insert(bladeRegion).values(rows).onConflictDoNothing();
}
