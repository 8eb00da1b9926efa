import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { markingDaysParamKey } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { getIntParam } from '../../../platform/param/param';

/**
 * The 专用标识 to-do list (decision 0040): class I/II individuals in stock with no current 专用标识 nor microchip,
 * oldest first. Each carries the day it came into the zoo's care (birth, else its first ledger row) and is
 * `overdue` once the zoo's days (`zoo.permit.markingDays.<zoo>`, default 30) have passed — the law wants products
 * and individuals of protected species marked, and a newborn gets some weeks before it can be chipped.
 */
export async function markingTodo(app: FastifyInstance, db: Tx) {
  const [{ tenant }] = await rowsOf<{ tenant: string }>(db, sql`select current_setting('app.tenant_id') as tenant`);
  const days = await getIntParam(app, markingDaysParamKey(tenant!), 30, db);
  const found = await rowsOf<{
    id: string;
    local_no: string;
    animal_name: string;
    species_name: string;
    cls: number;
    since: string | null;
    age: number | null;
    chip: boolean;
    mark: boolean;
  }>(
    db,
    sql`select a.id::text, a.local_no, a.animal_name, s.species_name, s.protection_class as cls, to_char(x.since, 'YYYY-MM-DD') as since,
               (current_date - x.since::date)::int as age,
               exists (select 1 from zoo_animal_flag f where f.animal_id = a.id and f.flag_type = 1 and f.void_time is null and f.is_deleted = 0) as chip,
               exists (select 1 from zoo_animal_flag f where f.animal_id = a.id and f.flag_type = 4 and f.void_time is null and f.is_deleted = 0) as mark
          from zoo_animal a
          join zoo_species s on s.id = a.species_id
          cross join lateral (select coalesce(a.birth_date, (select min(l.event_date) from zoo_stock_log l where l.animal_id = a.id)) as since) x
         where a.status = 1 and a.is_deleted = 0 and s.protection_class in (1, 2)
           and not exists (select 1 from zoo_animal_flag f where f.animal_id = a.id and f.flag_type = 4 and f.void_time is null and f.is_deleted = 0)
         order by x.since nulls first, a.local_no
         limit 500`,
  );
  return {
    days,
    rows: found.map((r) => ({
      animalId: r.id,
      localNo: r.local_no,
      animalName: r.animal_name,
      speciesName: r.species_name,
      protectionClass: r.cls,
      since: r.since ?? '',
      days: r.age ?? ('' as const),
      overdue: r.age === null || r.age > days,
      missing: r.chip ? '专用标识' : '专用标识、芯片',
    })),
  };
}

/** Each licensed species with an approved quantity (核准数量): the stock held now against it, fullest first. */
export async function quotaUse(db: Tx) {
  const found = await rowsOf<{ species_id: string; species_name: string; licence_no: string; approved: number | null; held: number }>(
    db,
    sql`select t.species_id::text, s.species_name, t.licence_no, t.approved_quantity as approved,
               ((select count(*) from zoo_animal a where a.species_id = t.species_id and a.status = 1 and a.is_deleted = 0)
              + (select coalesce(sum(male_quantity + female_quantity + they_quantity), 0) from zoo_population p
                  where p.species_id = t.species_id and p.is_deleted = 0))::int as held
          from zoo_tenant_species t join zoo_species s on s.id = t.species_id
         where t.is_deleted = 0`,
  );
  return found
    .map((r) => ({
      speciesId: r.species_id,
      speciesName: r.species_name,
      licenceNo: r.licence_no,
      approved: r.approved ?? ('' as const),
      held: r.held,
      percent: r.approved ? Math.round((r.held * 100) / r.approved) : ('' as const),
    }))
    .sort((a, b) => (b.percent === '' ? -1 : Number(b.percent)) - (a.percent === '' ? -1 : Number(a.percent)));
}
