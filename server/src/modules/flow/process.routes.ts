import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { FLOW_MSG, flowEndpoints, type BladeFlow, isIdText } from '@zoo/contract';
import type { DbLike, Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import { publicRoute, route } from '../../platform/http/route';
import { flowDefinition, flowHistory, flowInstance, flowTask } from './flow.tables';
import { blankFlow, duration, userNames } from './records';
import { renderSvg, type Highlight } from './svg';
import { shippedName } from '../../platform/i18n/shipped-names';

/** Activity rows of an instance in order; `all` keeps flows and gateways (model-view), else the contract's subset. */
async function historyOf(db: Tx, instanceId: string, all: boolean, range?: { start?: string; end?: string }): Promise<BladeFlow[]> {
  if (!isIdText(instanceId)) throw new BizError(FLOW_MSG.instanceMissing);
  const [inst] = await db.select().from(flowInstance).where(eq(flowInstance.id, instanceId));
  if (!inst) throw new BizError(FLOW_MSG.instanceMissing);
  const rows = await db.select().from(flowHistory).where(eq(flowHistory.instanceId, instanceId)).orderBy(asc(flowHistory.seq));
  const tasks = await db.select().from(flowTask).where(eq(flowTask.instanceId, instanceId));
  const names = await userNames(db, [...rows.map((r) => r.assignee), ...tasks.map((t) => t.assignee), inst.startUserId]);
  // Timer events are part of the story (a task escalated, a wait), like the start and end events.
  // A sub-process shows as a step of its own (entered, left), its tasks and events inside it as theirs.
  // A call activity shows too, with the instance it called (decision 0050).
  const shown = new Set(['startEvent', 'endEvent', 'boundaryEvent', 'intermediateCatchEvent', 'subProcess', 'callActivity']);
  const called = rows.some((r) => r.activityType === 'callActivity')
    ? await db
        .select({ id: flowInstance.id, executionId: flowInstance.parentExecutionId })
        .from(flowInstance)
        .where(eq(flowInstance.parentInstanceId, inst.id))
        .orderBy(asc(flowInstance.id))
    : [];
  let list = rows.filter((r) => all || shown.has(r.activityType) || r.assignee);
  if (range?.start)
    list = list.slice(
      Math.max(
        0,
        list.findIndex((r) => r.activityId === range.start),
      ),
    );
  if (range?.end) {
    const i = list.findIndex((r) => r.activityId === range.end);
    if (i >= 0) list = list.slice(0, i + 1);
  }
  const out: BladeFlow[] = list.map((r) => {
    const task = r.taskId ? tasks.find((t) => t.id === r.taskId) : undefined;
    const assignee = r.activityType === 'startEvent' ? inst.startUserId : (task?.assignee ?? r.assignee);
    return {
      ...blankFlow(),
      historyActivityId: r.activityId,
      historyActivityName: shippedName(r.activityName || (r.activityType === 'startEvent' ? '开始' : r.activityType === 'endEvent' ? '结束' : r.activityId)),
      historyActivityType: r.activityType,
      createTime: r.startTime,
      endTime: r.endTime ?? '',
      historyActivityDurationTime: duration(r.startTime, r.endTime),
      assignee: assignee ?? '',
      assigneeName: r.activityType === 'startEvent' ? inst.startUserName || names(assignee) : names(assignee),
      // A task a timer or a deletion closed says why.
      comment: task?.comment || task?.deleteReason || '',
      taskId: task?.id ?? '',
      processInstanceId: inst.id,
      processDefinitionId: inst.definitionId,
      // The last instance called from this execution (a retry after a deletion calls a new one).
      ...(r.activityType === 'callActivity' ? { calledProcessInstanceId: called.filter((c) => c.executionId === r.executionId).at(-1)?.id ?? '' } : {}),
    };
  });
  if (all) {
    // Offered but unclaimed tasks: their candidates, unmarked on the diagram (spec §4).
    for (const t of tasks.filter((x) => !x.endTime && !x.assignee))
      out.push({
        ...blankFlow(),
        historyActivityId: t.taskDefKey,
        historyActivityName: shippedName(t.name),
        historyActivityType: 'candidate',
        createTime: t.createTime,
        processInstanceId: inst.id,
      });
  }
  return out;
}

async function highlightOf(db: DbLike, instanceId: string): Promise<{ xml: string; hl: Highlight } | null> {
  const [inst] = await db.select().from(flowInstance).where(eq(flowInstance.id, instanceId));
  if (!inst) return null;
  const [def] = await db.select({ xml: flowDefinition.xml }).from(flowDefinition).where(eq(flowDefinition.definitionId, inst.definitionId));
  if (!def) return null;
  const rows = await db.select().from(flowHistory).where(eq(flowHistory.instanceId, instanceId));
  const running = await db
    .select({ k: flowTask.taskDefKey })
    .from(flowTask)
    .where(and(eq(flowTask.instanceId, instanceId), isNull(flowTask.endTime)));
  return {
    xml: def.xml,
    hl: {
      finished: new Set(rows.filter((r) => r.endTime && r.activityType !== 'sequenceFlow').map((r) => r.activityId)),
      running: new Set(running.map((r) => r.k)),
      flows: new Set(rows.filter((r) => r.activityType === 'sequenceFlow').map((r) => r.activityId)),
    },
  };
}

const sendSvg = (reply: FastifyReply, svg: string) =>
  reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);

/** /blade-flow/process: history, the definition's XML and image, the highlighted diagram, the viewer's data. */
export function processRoutes(app: FastifyInstance): void {
  route(app, flowEndpoints.historyFlowList, async ({ db, query }) =>
    historyOf(db, query.processInstanceId, false, { start: query.startActivityId, end: query.endActivityId }),
  );

  route(app, flowEndpoints.modelView, async ({ db, query }) => {
    if (query.processInstanceId) {
      if (!isIdText(query.processInstanceId)) throw new BizError(FLOW_MSG.instanceMissing);
      const [inst] = await db.select().from(flowInstance).where(eq(flowInstance.id, query.processInstanceId));
      if (!inst) throw new BizError(FLOW_MSG.instanceMissing);
      const [def] = await db.select({ xml: flowDefinition.xml }).from(flowDefinition).where(eq(flowDefinition.definitionId, inst.definitionId));
      return { xml: def?.xml ?? '', flow: await historyOf(db, inst.id, true) };
    }
    const [def] = await db.select({ xml: flowDefinition.xml }).from(flowDefinition).where(eq(flowDefinition.definitionId, query.processDefinitionId!));
    if (!def) throw new BizError(FLOW_MSG.definitionMissing);
    return { xml: def.xml };
  });

  // <img>/<iframe> targets: no token (contract §8.4). Ids are unguessable snowflakes; only the diagram is shown.
  publicRoute(app, flowEndpoints.resourceView, async ({ sys, query, reply }) => {
    if (query.processInstanceId && query.resourceType === 'image') {
      const h = isIdText(query.processInstanceId) ? await highlightOf(sys, query.processInstanceId) : null;
      if (h) return sendSvg(reply, await renderSvg(h.xml, h.hl));
    }
    const [def] = await sys.select({ xml: flowDefinition.xml }).from(flowDefinition).where(eq(flowDefinition.definitionId, query.processDefinitionId));
    if (!def) throw new BizError(FLOW_MSG.definitionMissing, 404);
    if (query.resourceType === 'xml') return reply.header('content-type', 'application/xml; charset=utf-8').send(def.xml);
    return sendSvg(reply, await renderSvg(def.xml));
  });
  publicRoute(app, flowEndpoints.diagramView, async ({ sys, query, reply }) => {
    const h = isIdText(query.processInstanceId) ? await highlightOf(sys, query.processInstanceId) : null;
    if (!h) throw new BizError(FLOW_MSG.instanceMissing, 404);
    return sendSvg(reply, await renderSvg(h.xml, h.hl));
  });
}
