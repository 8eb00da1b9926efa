import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
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
