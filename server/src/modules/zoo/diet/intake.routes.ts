import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DIET_DEVIATION, DIET_LOW_INTAKE, dietEndpoints, type IntakeRow } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { rows, subjectOf } from '../keeper/basic-log.service';
import { cageOf, speciesOf } from '../shared/lookups';

/** The grouping column and the period's text per choice: fixed SQL, chosen by the validated enum. */
const GROUP = { animal: sql`animal_id`, cage: sql`cage_id`, species: sql`species_id` } as const;
const PERIOD = { day: sql`'YYYY-MM-DD'`, month: sql`'YYYY-MM'` } as const;

interface Raw {
  period: string;
  gid: string | null;
  feedings: number;
  refused: number;
  missed: number;
  intake: string;
  deviation: string;
  cost: string | null;
}

/**
 * Intake roll-ups (decision 0046). Each feeding's fraction eaten is (offered − leftover) ÷ offered (a refused one
 * counts 0) and its deviation (offered − planned) ÷ planned; a group's figures are the plain means over its
 * feedings, so each feeding weighs the same whatever its unit (grams of bamboo and pieces of apple do not add).
 * A planned feeding of a past day with no record is missed: nothing offered, nothing eaten (fraction 0, deviation
 * −1). The plans in force come from their start dates (each until the subject's next plan); a subject out of stock
 * counts missed feedings only up to its last recorded one, as the record does not say when it left.
 */
export function intakeRoutes(app: FastifyInstance): void {
  route(app, dietEndpoints.intake, async (call) => {
    const { by, period, from, to } = call.query;
    if (from > to) throw new BizError('开始日期不能晚于结束日期');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > 366) throw new BizError('统计区间不能超过一年');
    const r = await rows<Raw>(
      call.db,
      sql`with fed as (
            select feed_date as day, animal_id, cage_id, species_id, refused, 0 as missed,
                   case when offered > 0 then (offered - leftover) / offered else 0 end as eaten,
                   (offered - planned) / planned as dev, offered * price as cost
              from zoo_feeding
             where is_deleted = 0 and feed_date between ${from}::date and ${to}::date),
          plans as (
            select id, animal_id, species_id, feedings, effective_from,
                   lead(effective_from) over (partition by animal_id order by effective_from) as next_from
              from zoo_diet_plan
             where is_deleted = 0 and effective_from <= ${to}::date),
          subjects as (
            select a.id, a.cage_id, a.status = 1 as in_stock from zoo_animal a where a.is_deleted = 0 and a.id in (select animal_id from plans)
            union all
            select p.id, p.cage_id, p.male_quantity + p.female_quantity + p.they_quantity > 0
              from zoo_population p where p.is_deleted = 0 and p.id in (select animal_id from plans)),
          slots as (
            select d::date as day, pl.id as plan_id, (f ->> 'no')::int as no, pl.animal_id, s.cage_id, pl.species_id, (f ->> 'price')::numeric as price
              from plans pl
              join subjects s on s.id = pl.animal_id
             cross join lateral (
                   select case when s.in_stock then current_date - 1
                               else (select max(z.feed_date) from zoo_feeding z where z.animal_id = pl.animal_id and z.is_deleted = 0) end as last_day) b
             cross join lateral generate_series(greatest(pl.effective_from, ${from}::date)::timestamp,
                   least(${to}::date, pl.next_from - 1, coalesce(b.last_day, date '0001-01-01'))::timestamp, interval '1 day') d
             cross join lateral jsonb_array_elements(pl.feedings) f),
          missed as (
            select day, animal_id, cage_id, species_id, 0 as refused, 1 as missed, 0::numeric as eaten, -1::numeric as dev, 0 * price as cost
              from slots s
             where not exists (select 1 from zoo_feeding z
                                where z.feed_date between ${from}::date and ${to}::date
                                  and z.plan_id = s.plan_id and z.feeding_no = s.no and z.feed_date = s.day and z.is_deleted = 0)),
          every as (select * from fed union all select * from missed)
          select to_char(day, ${PERIOD[period]}) as period, ${GROUP[by]}::text as gid, count(*)::int as feedings,
                 sum(refused)::int as refused, sum(missed)::int as missed,
                 round(avg(eaten), 4)::text as intake,
                 round(avg(dev), 4)::text as deviation,
                 round(sum(cost) filter (where cost is not null), 2)::text as cost
            from every
           group by 1, 2
           order by 1, 2`,
    );
    const nameOf = async (id: string | null): Promise<string> => {
      if (!id) return '';
      if (by === 'cage') return (await cageOf(call)(id))?.cageName ?? '';
      if (by === 'species') return (await speciesOf(call)(id))?.speciesName ?? '';
      return (await subjectOf(call.db, id, false))?.name ?? '';
    };
    return Promise.all(
      r.map(async (x): Promise<IntakeRow> => {
        const intake = Number(x.intake);
        const deviation = Number(x.deviation);
        return {
          period: x.period,
          groupId: x.gid ?? '',
          groupName: await nameOf(x.gid),
          feedings: x.feedings,
          refused: x.refused,
          missed: x.missed,
          intake,
          deviation,
          flagged: Math.abs(deviation) > DIET_DEVIATION || intake < DIET_LOW_INTAKE ? 1 : 0,
          cost: x.cost === null ? '' : Number(x.cost),
        };
      }),
    );
  });
}
