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
  intake: string;
  deviation: string;
  cost: string | null;
}

/**
 * Intake roll-ups (decision 0046). Each feeding's fraction eaten is (offered − leftover) ÷ offered (a refused one
 * counts 0) and its deviation (offered − planned) ÷ planned; a group's figures are the plain means over its
 * feedings, so each feeding weighs the same whatever its unit (grams of bamboo and pieces of apple do not add).
 */
export function intakeRoutes(app: FastifyInstance): void {
  route(app, dietEndpoints.intake, async (call) => {
    const { by, period, from, to } = call.query;
    if (from > to) throw new BizError('开始日期不能晚于结束日期');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > 366) throw new BizError('统计区间不能超过一年');
    const r = await rows<Raw>(
      call.db,
      sql`select to_char(feed_date, ${PERIOD[period]}) as period, ${GROUP[by]}::text as gid, count(*)::int as feedings,
                 sum(refused)::int as refused,
                 round(avg(case when offered > 0 then (offered - leftover) / offered else 0 end), 4)::text as intake,
                 round(avg((offered - planned) / planned), 4)::text as deviation,
                 round(sum(offered * price) filter (where price is not null), 2)::text as cost
            from zoo_feeding
           where is_deleted = 0 and feed_date between ${from}::date and ${to}::date
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
          intake,
          deviation,
          flagged: Math.abs(deviation) > DIET_DEVIATION || intake < DIET_LOW_INTAKE ? 1 : 0,
          cost: x.cost === null ? '' : Number(x.cost),
        };
      }),
    );
  });
}
