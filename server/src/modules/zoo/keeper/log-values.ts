import { and, eq, sql } from 'drizzle-orm';
import type { basicLog } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import type { Session } from '../../../platform/auth/session';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { BizError } from '../../../platform/http/errors';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { nowHm, overallIntake, refuseFuture, SUBJECT_MISSING, subjectOf, today } from './basic-log.service';
import { zooBasicLog } from './keeper.tables';
import { noticeVetsOfAbnormalLog } from '../vet/keeper-alert';

export type LogInput = z.output<typeof basicLog.input>;
type Row = typeof zooBasicLog.$inferSelect;

/** Serialises writers of one subject's log of one day (the submit screen and the offline sync alike). */
export async function lockLogDay(db: Tx, animalId: string, day: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('zoo_basic_log'), hashtext(${animalId} || ' ' || ${day}))`);
}

/**
 * The columns a keeper log is saved with, after its rules: the subject exists, no future day, one log per subject
 * and day, the keeper is a user of the zoo. Used by the resource's submit and by the offline sync (decision 0046).
 * A log that becomes 异常 tells the vets here, so both paths do (decision 0051).
 */
export async function logValues(db: Tx, session: Pick<Session, 'userId'>, input: Omit<LogInput, 'id'>, existing?: Row) {
  const subject = await subjectOf(db, input.animalId);
  if (!subject) throw new BizError(SUBJECT_MISSING);
  const day = await today(db);
  refuseFuture(input.logDate, day);
  const keeperId = input.keeperId ?? existing?.keeperId ?? session.userId;
  if (input.keeperId) await mustExist(db, bladeUser, input.keeperId, '所选饲养员不是本园用户');
  // Two logs of one subject and day sent at once: the second waits here for the first to commit, then sees it
  // and gets this message (not the unique index's generic one).
  await lockLogDay(db, subject.id, input.logDate);
  await refuseDuplicate(
    db,
    zooBasicLog,
    and(eq(zooBasicLog.animalId, subject.id), eq(zooBasicLog.logDate, input.logDate))!,
    existing,
    `「${subject.name}」${input.logDate} 已有饲养日志`,
  );
  const diet = input.diet.map((d) => ({ food: d.food, amount: d.amount ?? null, unit: d.unit ?? '', intake: d.intake }));
  // Moving a log to another animal re-reads where that animal lives; otherwise the log keeps its place.
  const moved = !existing || existing.animalId !== subject.id;
  await noticeVetsOfAbnormalLog(db, { subjectName: subject.name, logDate: input.logDate, health: input.health, remark: input.remark, keeperId }, existing);
  return {
    animalType: subject.animalType,
    animalId: subject.id,
    speciesId: moved ? subject.speciesId : existing.speciesId,
    cageId: moved ? subject.cageId : existing.cageId,
    keeperId,
    logTime: input.logTime ?? existing?.logTime ?? (input.logDate === day ? await nowHm(db) : ''),
    diet: diet as never,
    intake: overallIntake(diet, input.intake),
  };
}
