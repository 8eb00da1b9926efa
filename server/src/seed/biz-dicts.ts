import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Business dictionaries the product ships (decisions 0042, 0046): a zoo edits them in 业务字典 (its own rows), so they
 * are seeded per tenant — the platform's rows, which a new tenant copies when it is created, and every existing
 * tenant that does not hold the code yet. A zoo's later edits are never overwritten.
 */
export const BIZ_DICTS: Record<string, { name: string; items: Array<[string, string]> }> = {
  // Giant panda oestrus behaviour (Lindburg et al. 2001; 张志和、魏辅文 2006); keys 1–9 are the product's defaults.
  oestrus_sign: {
    name: '发情行为',
    items: [
      ['1', '气味标记'],
      ['2', '咩叫'],
      ['3', '食欲下降'],
      ['4', '烦躁/踱步'],
      ['5', '戏水'],
      ['6', '倒退行走'],
      ['7', '翘尾'],
      ['8', '鸟叫声'],
      ['9', '接受爬跨姿势'],
    ],
  },
  // The food items diet plans choose from (decision 0046).
  zoo_food: {
    name: '饲料品种',
    items: [
      ['bamboo', '竹子'],
      ['bamboo_shoot', '竹笋'],
      ['wotou', '窝头(精料)'],
      ['apple', '苹果'],
      ['carrot', '胡萝卜'],
      ['alfalfa', '苜蓿草'],
      ['grass', '青草'],
      ['pellet', '颗粒饲料'],
      ['beef', '牛肉'],
      ['chicken', '鸡肉'],
      ['fish', '鱼'],
      ['egg', '鸡蛋'],
      ['mealworm', '面包虫'],
    ],
  },
};

/** Seeds each business dictionary into the platform and every tenant lacking it (an owner's transaction, all tenants). */
export async function seedBizDicts(tx: Tx): Promise<void> {
  for (const [code, d] of Object.entries(BIZ_DICTS)) {
    const keys = d.items.map((i) => i[0]);
    const values = d.items.map((i) => i[1]);
    const sorts = d.items.map((_, n) => n + 1);
    await tx.execute(sql`
      with tenants as (
        select tenant_id from blade_tenant where is_deleted = 0 union select '000000'
      ), missing as (
        select tenant_id from tenants t
         where not exists (select 1 from blade_dict_biz b where b.tenant_id = t.tenant_id and b.code = ${code} and b.parent_id = 0)
      ), roots as (
        insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort)
        select tenant_id, 0, ${code}, '-1', ${d.name}, 0 from missing
        returning id, tenant_id
      )
      insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort)
      select r.tenant_id, r.id, ${code}, i.k, i.v, i.s
        from roots r cross join unnest(${sql.param(keys)}::text[], ${sql.param(values)}::text[], ${sql.param(sorts)}::int[]) as i(k, v, s)`);
  }
}
