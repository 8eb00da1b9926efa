import { and, eq, isNull, sql } from 'drizzle-orm';
import { FLOW_MSG, isIdText } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import type { Session } from '../../platform/auth/session';
import { advance } from './service-calls';
import type { Vars } from './expression';
import { flowHistory, flowTask } from './flow.tables';
import { definitionById, deleteInstance, lockInstance, now, stateOf, type TaskRow } from './runtime';

/** Task operations of the process runtime (runtime.ts): who may act on a task, claim, complete, delete. */

/** The caller may act on a task assigned to them, or claim one offered to them (or to anyone when unassigned). */
export const isCandidate = (t: Pick<TaskRow, 'candidateUsers' | 'candidateGroups'>, s: Session) =>
  (t.candidateUsers.length === 0 && t.candidateGroups.length === 0) ||
  t.candidateUsers.includes(s.userId) ||
  t.candidateGroups.some((g) => s.roleAliases.includes(g));

/** SQL twin of isCandidate for the claim list and the conditional claim. */
export const candidateSql = (s: Session) => {
  const roles = s.roleAliases.length ? s.roleAliases : [''];
  return sql`((${flowTask.candidateUsers} = '[]'::jsonb and ${flowTask.candidateGroups} = '[]'::jsonb)
    or ${flowTask.candidateUsers} ? ${s.userId}
    or ${flowTask.candidateGroups} ?| ${sql`array[${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )}]::text[]`})`;
};

/**
 * Claims a task: one conditional UPDATE, so of two users claiming at once exactly one gets the row (the other's
 * UPDATE waits on the row lock, then finds an assignee and changes nothing).
 */
export async function claimTask(db: Tx, session: Session, taskId: string): Promise<void> {
  if (!isIdText(taskId)) throw new BizError(FLOW_MSG.taskMissing);
  const won = await db
    .update(flowTask)
    .set({ assignee: session.userId, claimTime: now })
    .where(and(eq(flowTask.id, taskId), isNull(flowTask.endTime), isNull(flowTask.assignee), candidateSql(session)))
    .returning({ id: flowTask.id });
  if (won.length) {
    await db.update(flowHistory).set({ assignee: session.userId }).where(eq(flowHistory.taskId, taskId));
    return;
  }
  const [t] = await db.select().from(flowTask).where(eq(flowTask.id, taskId));
  if (!t || t.endTime) throw new BizError(FLOW_MSG.taskMissing);
  if (t.assignee === session.userId) return;
  if (t.assignee) throw new BizError(FLOW_MSG.claimTaken);
  throw new BizError(FLOW_MSG.notCandidate);
}

export interface CompleteInput {
  taskId: string;
  processInstanceId: string;
  flag?: string;
  comment?: string;
  variables?: Record<string, unknown>;
}

/** Completes the caller's task: comment (default 同意), `pass` = flag ok or comment 同意, then the engine moves on. */
export async function completeTask(db: Tx, session: Session, input: CompleteInput): Promise<void> {
  if (!isIdText(input.taskId)) throw new BizError(FLOW_MSG.taskMissing);
  const inst = await lockInstance(db, input.processInstanceId);
  const [task] = await db
    .select()
    .from(flowTask)
    .where(and(eq(flowTask.id, input.taskId), eq(flowTask.instanceId, inst.id)))
    .for('update');
  if (!task || task.endTime) throw new BizError(FLOW_MSG.taskMissing);
  if (task.assignee !== session.userId) throw new BizError(task.assignee ? FLOW_MSG.notAssignee : FLOW_MSG.notAssignee);
  if (inst.suspensionState !== 1) throw new BizError('流程已挂起,无法办理');
  const comment = input.comment?.trim() || '同意';
  const pass = input.flag === 'ok' || comment === '同意';
  const { pass: _ignored, ...extra } = input.variables ?? {};
  void _ignored;
  const vars: Vars = { ...inst.variables, ...extra, pass, lastComment: comment };
  await db
    .update(flowTask)
    .set({ endTime: now, comment, flag: input.flag ?? '', pass })
    .where(eq(flowTask.id, task.id));
  const def = await definitionById(db, inst.definitionId);
  await advance(db, inst, def, vars, await stateOf(db, inst.id), { signal: { activityId: task.taskDefKey, executionId: task.executionId } });
}

/** Deletes (cancels) an open task: the instance is deleted with it (Flowable refuses to delete a process's task otherwise). */
export async function deleteTask(db: Tx, session: Session, taskId: string, reason: string): Promise<void> {
  if (!isIdText(taskId)) throw new BizError(FLOW_MSG.taskMissing);
  const [task] = await db.select().from(flowTask).where(eq(flowTask.id, taskId));
  if (!task || task.endTime) throw new BizError(FLOW_MSG.taskMissing);
  if (task.assignee !== session.userId && !isCandidate(task, session)) throw new BizError(FLOW_MSG.notAssignee);
  await deleteInstance(db, task.instanceId, reason || '删除任务');
}
