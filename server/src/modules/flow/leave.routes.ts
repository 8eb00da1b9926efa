import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { FLOW_MSG, LEAVE_TABLE, leaveEndpoints } from '@zoo/contract';
import { BizError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import { NOT_FOUND } from '../../platform/resource/resource-routes';
import { bladeUser } from '../../platform/identity/identity.tables';
import { bladeProcessLeave, flowInstance } from './flow.tables';
import { blankFlow, categoryNames, instanceFlow, userNames } from './records';
import { startProcess } from './runtime';

/** Whole days between two wire datetimes (contract §7.4: `days`). */
export const leaveDays = (start: string, end: string) =>
  Math.max(0, Math.floor((Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'))) / 86_400_000));

/** /blade-desk/process/leave: the leave form starts its process; detail shows the row with its flow. */
export function leaveRoutes(app: FastifyInstance): void {
  route(app, leaveEndpoints.startProcess, async ({ db, session, body }) => {
    const days = leaveDays(body.startTime, body.endTime);
    const [approver] = await db
      .select({ id: bladeUser.id })
      .from(bladeUser)
      .where(and(eq(bladeUser.id, body.taskUser), eq(bladeUser.isDeleted, 0)));
    if (!approver) throw new BizError('审批人不存在');
    const values = {
      processDefinitionId: body.processDefinitionId,
      startTime: body.startTime,
      endTime: body.endTime,
      reason: body.reason,
      days,
      taskUser: body.taskUser,
    };
    if (body.id) {
      const done = await db.update(bladeProcessLeave).set(values).where(eq(bladeProcessLeave.id, body.id)).returning({ id: bladeProcessLeave.id });
      if (!done.length) throw new BizError(NOT_FOUND);
      return {};
    }
    const [row] = await db.insert(bladeProcessLeave).values(values).returning({ id: bladeProcessLeave.id });
    let instanceId: string;
    try {
      instanceId = await startProcess(db, session, body.processDefinitionId, `${LEAVE_TABLE}:${row!.id}`, {
        createUser: session.account,
        taskUser: `taskUser_${body.taskUser}`,
        days,
      });
    } catch (e) {
      throw new BizError(`${FLOW_MSG.startFailed}: ${(e as Error).message}`);
    }
    await db.update(bladeProcessLeave).set({ processInstanceId: instanceId }).where(eq(bladeProcessLeave.id, row!.id));
    return {};
  });

  route(app, leaveEndpoints.detail, async ({ db, session, query }) => {
    const [row] = await db
      .select()
      .from(bladeProcessLeave)
      .where(and(eq(bladeProcessLeave.id, query.businessId), eq(bladeProcessLeave.isDeleted, 0)));
    if (!row) throw new BizError(NOT_FOUND);
    const names = await userNames(db, [row.createUser, row.taskUser]);
    const [inst] = row.processInstanceId ? await db.select().from(flowInstance).where(eq(flowInstance.id, row.processInstanceId)) : [];
    const flow = inst ? instanceFlow(inst, await categoryNames(app.zoo.cache, db, session.tenantId)) : blankFlow();
    return { ...row, taskUserName: names(row.taskUser), flow: { ...flow, assigneeName: names(row.createUser), assignee: row.createUser ?? '' } };
  });
}
