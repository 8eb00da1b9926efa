import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import { PLATFORM_TENANT, type Session } from '../../platform/auth/session';
import { asTenant } from '../../platform/tenancy/tenant-tx';
import { parseBpmn, type ReadProcess } from './bpmn-read';
import { flowDefinition, flowTimer } from './flow.tables';
import { firstDue } from './timer-start';

/** Timer starts deployed for all zoos would start in no zoo: a common definition is deployed as 不可执行. */
const COMMON_TIMER_START = '通用流程不支持定时启动,请部署到具体租户';

const nextId = async (db: Tx): Promise<string> =>
  ((await db.execute(sql`select next_id()::text as id`)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;

export interface DeployFile {
  name: string;
  xml: string;
}

/**
 * Deploys BPMN files as process definitions of `category`: common (tenant '' — every tenant may start them) when
 * `tenantIds` is empty, else one copy per named tenant (mode 2). Each process gets the next version of its key
 * within its tenant. Deploying for other tenants or as common is the platform tenant's.
 * A timer start event gets its row in flow_timer (no instance, the new definition); the timer starts of the key's
 * earlier versions in that tenant are dropped, as Camunda 7 does when a new version is deployed.
 */
export async function deploy(db: Tx, session: Session, files: DeployFile[], category: string, tenantIds: string[]): Promise<string> {
  const parsed: Array<{ file: DeployFile; processes: ReadProcess[] }> = [];
  for (const f of files) parsed.push({ file: f, processes: (await parseBpmn(f.xml)).processes });
  const foreign = tenantIds.filter((t) => t !== session.tenantId);
  if ((tenantIds.length === 0 || foreign.length) && session.tenantId !== PLATFORM_TENANT)
    throw new BizError(tenantIds.length === 0 ? '只有平台管理员可以部署通用流程,请选择本租户' : '只能部署到本租户');
  const deploymentId = await nextId(db);
  const into = async (tenant: string) => {
    for (const p of parsed)
      for (const proc of p.processes) {
        const [{ v }] = (await db
          .select({ v: sql<number>`coalesce(max(${flowDefinition.version}), 0)::int + 1` })
          .from(flowDefinition)
          .where(and(eq(flowDefinition.mode, tenant === '' ? 1 : 2), eq(flowDefinition.processKey, proc.key)))) as Array<{ v: number }>;
        const id = await nextId(db);
        const definitionId = `${proc.key}:${v}:${id}`;
        const notExecutable = proc.notExecutable || (tenant === '' && proc.timerStart ? COMMON_TIMER_START : '');
        await db.insert(flowDefinition).values({
          definitionId,
          tenantId: tenant,
          mode: tenant === '' ? 1 : 2,
          deploymentId: deploymentId,
          processKey: proc.key,
          name: proc.name,
          category,
          version: v,
          resourceName: p.file.name.slice(0, 255),
          xml: p.file.xml,
          tasks: proc.tasks,
          services: proc.services,
          events: proc.events,
          calls: proc.calls,
          notExecutable,
          engineXml: proc.engineXml,
        });
        if (tenant === '') continue;
        await db
          .delete(flowTimer)
          .where(
            and(
              isNull(flowTimer.instanceId),
              sql`${flowTimer.definitionId} in (select d.definition_id from flow_definition d where d.tenant_id = ${tenant} and d.process_key = ${proc.key})`,
              sql`${flowTimer.definitionId} <> ${definitionId}`,
            ),
          );
        if (proc.timerStart && !notExecutable)
          await db.insert(flowTimer).values({
            tenantId: tenant,
            definitionId,
            activityId: proc.timerStart.activityId,
            executionId: '',
            timerType: proc.timerStart.timerType,
            timerValue: proc.timerStart.timerValue.slice(0, 255),
            dueAt: firstDue(proc.timerStart, new Date()),
          });
      }
  };
  if (tenantIds.length === 0) await into('');
  for (const t of tenantIds) {
    if (t === session.tenantId) await into(t);
    else await asTenant(db, t, () => into(t));
  }
  return deploymentId;
}
