import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The food items diet plans choose from (decision 0046): [dictKey, dictValue]. */
export const FOOD_ITEMS: ReadonlyArray<readonly [string, string]> = [
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
];

/**
 * The business dictionary `zoo_food` for every tenant that has none (the platform's, which new zoos copy, and zoos
 * created before it existed). A zoo edits its own list in 业务字典; a tenant that has the dictionary is left alone.
 * Runs on the owner's connection, across tenants.
 */
export async function seedFoodDict(tx: Tx): Promise<void> {
  const keys = FOOD_ITEMS.map((f) => f[0]);
  const names = FOOD_ITEMS.map((f) => f[1]);
  await tx.execute(sql`
    with t as (
      select x.tenant_id from blade_tenant x
       where x.is_deleted = 0
         and not exists (select 1 from blade_dict_biz d where d.tenant_id = x.tenant_id and d.code = 'zoo_food' and d.is_deleted = 0)),
    root as (
      insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort)
      select tenant_id, 0, 'zoo_food', '-1', '饲料品种', 90 from t returning id, tenant_id)
    insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort)
    select root.tenant_id, root.id, 'zoo_food', f.k, f.v, f.n::int
      from root cross join unnest(${sql.param(keys)}::text[], ${sql.param(names)}::text[]) with ordinality as f(k, v, n)`);
}
