import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { dietEndpoints, type RoundFeeding } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { round } from '../keeper/basic-log.routes';
import { today } from '../keeper/basic-log.service';
import { zooFeeding } from './diet.tables';
import { feedingOut, foodNames, planOn } from './diet.service';

/**
 * Today's planned feedings of the caller's round with what was recorded for each: a section of 今日巡查 beside
 * the day's log (and kept on the device for the offline round, decision 0046).
 */
export function roundFeedingRoutes(app: FastifyInstance): void {
  route(app, dietEndpoints.feedings, async ({ db, session }) => {
    const day = await today(db);
    const subjects = await round(db, session.userId, day);
    const names = await foodNames(db);
    const plans = (await Promise.all(subjects.map((s) => planOn(db, s.animal_id, day)))).filter((p) => p !== undefined);
    const recs = plans.length
      ? await db
          .select()
          .from(zooFeeding)
          .where(
            and(
              inArray(
                zooFeeding.planId,
                plans.map((p) => p.id),
              ),
              eq(zooFeeding.feedDate, day),
              eq(zooFeeding.isDeleted, 0),
            ),
          )
      : [];
    const items = plans.map((p) => ({
      animalId: p.animalId,
      feedings: p.feedings.map((f): RoundFeeding => {
        const r = recs.find((x) => x.planId === p.id && x.feedingNo === f.no);
        return {
          ...feedingOut(f, names),
          planId: p.id,
          recordId: r?.id ?? '',
          rowVersion: r?.rowVersion ?? 0,
          offered: r?.offered ?? '',
          leftover: r?.leftover ?? '',
          refused: r?.refused ?? 0,
          refuseReason: r?.refuseReason ?? '',
        };
      }),
    }));
    return { day, items };
  });
}
