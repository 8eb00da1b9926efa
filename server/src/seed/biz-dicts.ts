import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { DictSeed } from './dicts';

/**
 * Business dictionaries the product ships (decisions 0042, 0046, 0049): a zoo edits them in 业务字典 (its own rows),
 * so they are seeded per tenant — the platform's rows, which a new tenant copies when it is created, and every
 * existing tenant that does not hold the code yet. A zoo's later edits are never overwritten; an entry seeded
 * before English labels existed gets its label while its Chinese one is still the seeded one.
 */
export const BIZ_DICTS: Record<string, DictSeed> = {
  // Giant panda oestrus behaviour (Lindburg et al. 2001; 张志和、魏辅文 2006); keys 1–9 are the product's defaults.
  oestrus_sign: {
    name: '发情行为',
    nameEn: 'Oestrus behaviour',
    items: [
      ['1', '气味标记', 'Scent marking'],
      ['2', '咩叫', 'Bleating'],
      ['3', '食欲下降', 'Reduced appetite'],
      ['4', '烦躁/踱步', 'Restlessness / pacing'],
      ['5', '戏水', 'Water play'],
      ['6', '倒退行走', 'Backward walking'],
      ['7', '翘尾', 'Tail raising'],
      ['8', '鸟叫声', 'Chirping'],
      ['9', '接受爬跨姿势', 'Lordosis'],
    ],
  },
  // The food items diet plans choose from (decision 0046).
  zoo_food: {
    name: '饲料品种',
    nameEn: 'Food items',
    items: [
      ['bamboo', '竹子', 'Bamboo'],
      ['bamboo_shoot', '竹笋', 'Bamboo shoots'],
      ['wotou', '窝头(精料)', 'Steamed cake (concentrate)'],
      ['apple', '苹果', 'Apple'],
      ['carrot', '胡萝卜', 'Carrot'],
      ['alfalfa', '苜蓿草', 'Alfalfa'],
      ['grass', '青草', 'Fresh grass'],
      ['pellet', '颗粒饲料', 'Pellets'],
      ['beef', '牛肉', 'Beef'],
      ['chicken', '鸡肉', 'Chicken'],
      ['fish', '鱼', 'Fish'],
      ['egg', '鸡蛋', 'Egg'],
      ['mealworm', '面包虫', 'Mealworms'],
    ],
  },
};

/** Seeds each business dictionary into the platform and every tenant lacking it (an owner's transaction, all tenants). */
export async function seedBizDicts(tx: Tx): Promise<void> {
  for (const [code, d] of Object.entries(BIZ_DICTS)) {
    const keys = d.items.map((i) => i[0]);
    const values = d.items.map((i) => i[1]);
    const english = d.items.map((i) => i[2]);
    const sorts = d.items.map((_, n) => n + 1);
    await tx.execute(sql`
      with tenants as (
        select tenant_id from blade_tenant where is_deleted = 0 union select '000000'
      ), missing as (
        select tenant_id from tenants t
         where not exists (select 1 from blade_dict_biz b where b.tenant_id = t.tenant_id and b.code = ${code} and b.parent_id = 0)
      ), roots as (
        insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, dict_value_en, sort)
        select tenant_id, 0, ${code}, '-1', ${d.name}, ${d.nameEn}, 0 from missing
        returning id, tenant_id
      )
      insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, dict_value_en, sort)
      select r.tenant_id, r.id, ${code}, i.k, i.v, i.e, i.s
        from roots r
        cross join unnest(${sql.param(keys)}::text[], ${sql.param(values)}::text[], ${sql.param(english)}::text[], ${sql.param(sorts)}::int[]) as i(k, v, e, s)`);
    // Rows seeded before the English label: filled where the Chinese label is still the seeded one.
    await tx.execute(sql`
      update blade_dict_biz b set dict_value_en = i.e
        from unnest(${sql.param(['-1', ...keys])}::text[], ${sql.param([d.name, ...values])}::text[], ${sql.param([d.nameEn, ...english])}::text[]) as i(k, v, e)
       where b.code = ${code} and b.dict_key = i.k and b.dict_value = i.v and b.dict_value_en = '' and b.is_deleted = 0`);
  }
}
