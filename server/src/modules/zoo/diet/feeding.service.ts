import { and, eq, sql } from 'drizzle-orm';
import type { FeedingIn, FeedingRecord } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import type { Session } from '../../../platform/auth/session';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { subjectOf, today } from '../keeper/basic-log.service';
import { userOf, type LookupCtx } from '../shared/lookups';
import { zooDietPlan, zooFeeding } from './diet.tables';
import { foodNames, PLAN_MISSING } from './diet.service';

export type FeedingInput = Omit<z.output<typeof FeedingIn>, 'id'>;
type Row = typeof zooFeeding.$inferSelect;
const f = zooFeeding;

/** Serialises writers of one planned feeding of one day (the screen and the offline sync alike). */
export async function lockFeeding(db: Tx, planId: string, no: number, day: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('zoo_feeding'), hashtext(${planId} || ' ' || ${no} || ' ' || ${day}))`);
}

/**
 * The columns a feeding record is saved with. The plan's food, amount, unit and price are copied (a later edit of
 * the plan does not rewrite what was fed); an empty offered amount is the planned one; a refused feeding's
 * leftover is all that was offered.
 */
export async function feedingValues(db: Tx, session: Pick<Session, 'userId'>, input: FeedingInput, existing?: Row) {
  const [plan] = await db
    .select()
    .from(zooDietPlan)
    .where(and(eq(zooDietPlan.id, input.planId), eq(zooDietPlan.isDeleted, 0)));
  if (!plan) throw new BizError(PLAN_MISSING);
  const planned = plan.feedings.find((x) => x.no === input.feedingNo);
  if (!planned) throw new BizError('所选饲喂次数不在该计划中');
  if (input.feedDate > (await today(db))) throw new BizError('饲喂日期不能晚于今天');
  if (input.feedDate < plan.effectiveFrom) throw new BizError(`饲喂日期早于该计划的生效日期 ${plan.effectiveFrom}`);
  const subject = await subjectOf(db, plan.animalId, false);
  await lockFeeding(db, plan.id, planned.no, input.feedDate);
  await refuseDuplicate(
    db,
    f,
    and(eq(f.planId, plan.id), eq(f.feedingNo, planned.no), eq(f.feedDate, input.feedDate))!,
    existing,
    `「${subject?.name ?? ''}」${input.feedDate} ${planned.time} 的饲喂已记录`,
  );
  const offered = input.offered ?? planned.amount;
  const leftover = input.refused ? offered : (input.leftover ?? 0);
  if (leftover > offered) throw new BizError('剩余量不能大于投喂量');
  return {
    planId: plan.id,
    feedingNo: planned.no,
    animalId: plan.animalId,
    speciesId: plan.speciesId,
    cageId: existing?.cageId ?? subject?.cageId ?? null,
    feedDate: input.feedDate,
    feedTime: planned.time,
    foodKey: planned.foodKey,
    planned: planned.amount,
    unit: planned.unit,
    offered,
    leftover,
    refused: input.refused,
    refuseReason: input.refused ? (input.refuseReason ?? '') : '',
    price: planned.price,
    keeperId: existing?.keeperId ?? session.userId,
  };
}

export async function toFeedingRecords(rs: Row[], ctx: LookupCtx): Promise<FeedingRecord[]> {
  const names = await foodNames(ctx.db);
  return Promise.all(
    rs.map(async (r) => {
      const [subject, keeper] = await Promise.all([subjectOf(ctx.db, r.animalId, false), userOf(ctx)(r.keeperId)]);
      return {
        ...r,
        cageId: r.cageId ?? '',
        keeperId: r.keeperId ?? '',
        createUser: r.createUser ?? '',
        createDept: r.createDept ?? '',
        updateUser: r.updateUser ?? '',
        animalName: subject?.name ?? '',
        foodName: names.get(r.foodKey) ?? r.foodKey,
        price: r.price ?? '',
        keeperName: keeper ? keeper.realName || keeper.account : '',
      } as FeedingRecord;
    }),
  );
}
