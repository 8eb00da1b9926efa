import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { bladeNotice } from '../../desk/notice/notice.tables';
import { AUDIENCE_VET } from '../../desk/notice/notice-audience';
import { zooBasicLog } from '../keeper/keeper.tables';

/** Health mark of a keeper log that calls the vet (`HEALTHS` 3, 异常). */
export const HEALTH_ABNORMAL = 3;

/**
 * A case opened from a keeper's alert names the log: a live log of the caller's zoo (row-level security hides
 * others), of the same animal, marked abnormal.
 */
export async function checkAlertLog(db: Tx, logId: string, animalId: string): Promise<void> {
  const [log] = await db
    .select({ animalId: zooBasicLog.animalId, animalType: zooBasicLog.animalType, health: zooBasicLog.health })
    .from(zooBasicLog)
    .where(and(eq(zooBasicLog.id, logId), eq(zooBasicLog.isDeleted, 0)));
  if (!log) throw new BizError('所选饲养日志不存在');
  if (log.animalType !== 1 || log.animalId !== animalId) throw new BizError('所选饲养日志不是该动物的日志');
  if (log.health !== HEALTH_ABNORMAL) throw new BizError('只能从健康状况为「异常」的饲养日志开立病例');
}

/** dict `notice` 6 事务通知. */
const NOTICE_CATEGORY = 6;

/**
 * A keeper log that becomes 异常 (written so, or changed to it) sends the zoo's vets a notice (issue 30, decision
 * 0051): addressed to the role alias `vet`, so keepers and the other staff do not get it. Once per change to
 * 异常: saving the log again while it stays 异常 sends nothing more. Runs in the log's own transaction (the submit
 * screen and the offline sync alike), after the log's rules, so a refused log sends nothing.
 */
export async function noticeVetsOfAbnormalLog(
  db: Tx,
  log: { subjectName: string; logDate: string; health: number; remark?: string | null; keeperId: string },
  before?: { health: number },
): Promise<void> {
  if (log.health !== HEALTH_ABNORMAL || before?.health === HEALTH_ABNORMAL) return;
  const [keeper] = await db
    .select({ name: sql<string>`coalesce(nullif(${bladeUser.realName}, ''), ${bladeUser.account})` })
    .from(bladeUser)
    .where(eq(bladeUser.id, log.keeperId));
  const remark = log.remark?.trim() ? `:${log.remark.trim()}` : '。';
  await db.insert(bladeNotice).values({
    title: `动物健康异常:「${log.subjectName}」${log.logDate}`,
    category: NOTICE_CATEGORY,
    releaseTime: sql`localtimestamp(0)` as never,
    content: `${keeper?.name ?? ''}在${log.logDate}的饲养日志中将「${log.subjectName}」的健康状况记为异常${remark}请兽医查看,可在兽医工作台据此开立病例。`,
    audienceRoles: AUDIENCE_VET,
  });
}
