import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { FLOW_MSG, flowEndpoints, type BladeFlow } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { replyMessage, route } from '../../platform/http/route';
import { containing } from '../../platform/resource/like';
import { pageOf, selectPage } from '../../platform/resource/paging';
import type { Session } from '../../platform/auth/session';
import { flowDefinition, flowInstance, flowTask } from './flow.tables';
import { categoryNames, instanceFlow, processRecord, taskFlow, userNames } from './records';
import { candidateSql, claimTask, completeTask, deleteTask } from './tasks';
import { shippedName } from '../../platform/i18n/shipped-names';

interface WorkQuery {
  current: number;
  size: number;
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
}

/** Day bounds: an end date means the whole day. */
const dayEnd = (d: string) => (d.length === 10 ? sql`(${d}::date + 1)::timestamp` : sql`${d}::timestamp`);

function instanceFilters(q: WorkQuery, time: typeof flowTask.createTime): SQL[] {
  const out: SQL[] = [];
  if (q.category) out.push(eq(flowInstance.category, q.category));
  if (q.processDefinitionName) out.push(ilike(flowInstance.name, containing(q.processDefinitionName)));
  if (q.beginDate) out.push(gte(time, sql`${q.beginDate}::timestamp`));
  if (q.endDate) out.push(lt(time, dayEnd(q.endDate)));
  return out;
}

async function taskPage(db: Tx, app: FastifyInstance, session: Session, q: WorkQuery, where: SQL | undefined, status: string, paged: boolean) {
  const base = db.select({ t: flowTask, i: flowInstance }).from(flowTask).innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId)).where(where);
  const rows = paged
    ? await base
        .orderBy(desc(flowTask.createTime), desc(flowTask.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size)
    : await base.orderBy(desc(flowTask.createTime), desc(flowTask.id));
  const total = paged
    ? Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(flowTask)
            .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
            .where(where)
        )[0]!.n,
      )
    : rows.length;
  const cat = await categoryNames(app.zoo.cache, db, session.tenantId);
  const names = await userNames(
    db,
    rows.map((r) => r.t.assignee),
  );
  const records: BladeFlow[] = rows.map((r) => taskFlow(r.t, r.i, cat, names, status));
  // Claim and todo lists are "not really paged" (contract §7.1): every row, size = total.
  return paged ? pageOf(records, total, q) : pageOf(records, total, { current: 1, size: Math.max(total, 1) });
}

/** /blade-flow/work: what the caller may start, claim, do, and has sent or done. */
export function workRoutes(app: FastifyInstance): void {
  route(app, flowEndpoints.startList, async ({ db, session, query: q }) => {
    const where = and(
      eq(flowDefinition.suspensionState, 1),
      // Deployed but not runnable (不可执行): listed under 流程部署, never offered to start.
      eq(flowDefinition.notExecutable, ''),
      q.category ? eq(flowDefinition.category, q.category) : undefined,
      q.mode ? eq(flowDefinition.mode, q.mode) : undefined,
      q.name ? ilike(flowDefinition.name, containing(q.name)) : undefined,
      // latest version per tenant and key
      sql`${flowDefinition.version} = (select max(d2.version) from flow_definition d2 where d2.mode = ${flowDefinition.mode} and d2.process_key = ${flowDefinition.processKey})`,
    );
    const { rows, total: n } = await selectPage(
      db,
      flowDefinition,
      where,
      [asc(flowDefinition.category), asc(flowDefinition.processKey), asc(flowDefinition.tenantId)],
      q,
    );
    const cat = await categoryNames(app.zoo.cache, db, session.tenantId);
    return pageOf(
      rows.map((d) => processRecord(d, cat)),
      Number(n),
      q,
    );
  });

  route(app, flowEndpoints.claimList, async ({ db, session, query: q }) =>
    taskPage(
      db,
      app,
      session,
      q,
      and(
        isNull(flowTask.endTime),
        isNull(flowTask.assignee),
        eq(flowInstance.state, 'running'),
        candidateSql(session),
        ...instanceFilters(q, flowTask.createTime),
      ),
      'claim',
      false,
    ),
  );
  route(app, flowEndpoints.todoList, async ({ db, session, query: q }) =>
    taskPage(
      db,
      app,
      session,
      q,
      and(isNull(flowTask.endTime), eq(flowTask.assignee, session.userId), ...instanceFilters(q, flowTask.createTime)),
      'todo',
      false,
    ),
  );
  route(app, flowEndpoints.doneList, async ({ db, session, query: q }) =>
    taskPage(
      db,
      app,
      session,
      q,
      and(
        isNotNull(flowTask.endTime),
        eq(flowTask.assignee, session.userId),
        eq(flowTask.deleteReason, ''),
        ...instanceFilters(q, flowTask.endTime as unknown as typeof flowTask.createTime),
      ),
      'finish',
      true,
    ),
  );

  route(app, flowEndpoints.sendList, async ({ db, session, query: q }) => {
    const where = and(
      eq(flowInstance.startUserId, session.userId),
      sql`${flowInstance.state} <> 'deleted'`,
      ...instanceFilters(q, flowInstance.startTime as unknown as typeof flowTask.createTime),
    );
    const { rows, total: n } = await selectPage(db, flowInstance, where, [desc(flowInstance.startTime), desc(flowInstance.id)], q);
    const cat = await categoryNames(app.zoo.cache, db, session.tenantId);
    // The current task of each instance (name shown in the list).
    const open = rows.length
      ? await db
          .select()
          .from(flowTask)
          .where(
            and(
              isNull(flowTask.endTime),
              sql`${flowTask.instanceId} in (${sql.join(
                rows.map((r) => sql`${r.id}`),
                sql`, `,
              )})`,
            ),
          )
      : [];
    const names = await userNames(db, [...rows.map((r) => r.startUserId), ...open.map((t) => t.assignee)]);
    const records = rows.map((i) => {
      const t = open.find((x) => x.instanceId === i.id);
      const base = instanceFlow(i, cat);
      return {
        ...base,
        taskId: t?.id ?? '',
        taskName: shippedName(t?.name ?? (i.state === 'running' ? '' : '已结束')),
        assignee: t?.assignee ?? '',
        assigneeName: names(t?.assignee),
        status: i.state === 'running' ? 'todo' : 'finish',
      };
    });
    return pageOf(records, Number(n), q);
  });

  route(app, flowEndpoints.claimTask, async ({ db, session, query, req }) => {
    await claimTask(db, session, query.taskId);
    replyMessage(req, FLOW_MSG.claimed);
    return {};
  });
  route(app, flowEndpoints.completeTask, async ({ db, session, body }) => {
    await completeTask(db, session, body);
    return {};
  });
  route(app, flowEndpoints.deleteTask, async ({ db, session, query, req }) => {
    await deleteTask(db, session, query.taskId, query.reason ?? '');
    replyMessage(req, FLOW_MSG.deleted);
    return {};
  });
}
