import { and, eq } from 'drizzle-orm';
import { STOCK_APPROVAL_PROCESS_KEY } from '@zoo/contract';
import type { Database, Tx } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { bladeDept, bladeUser } from '../platform/identity/identity.tables';
import { bladeMenu } from '../platform/access/access.tables';
import { parseBpmn } from '../modules/flow/bpmn-read';
import { flowDefinition } from '../modules/flow/flow.tables';
import { DEMO_TENANT } from './zoo-demo-data';
import { ensureRole, ensureUser, subtree } from './zoo-demo';
import { LEAVE_BPMN, LEAVE_PROCESS_KEY, STOCK_APPROVAL_BPMN } from './flow-processes';

/** The shipped common processes (tenant ''), deployed once: version 1 of each key. */
export async function seedFlowPlatform(tx: Tx): Promise<void> {
  const shipped: Array<[string, string, string, string]> = [
    [LEAVE_PROCESS_KEY, 'flow_1', 'leave.bpmn20.xml', LEAVE_BPMN],
    [STOCK_APPROVAL_PROCESS_KEY, 'flow_3', 'zoo_stock_approval.bpmn20.xml', STOCK_APPROVAL_BPMN(STOCK_APPROVAL_PROCESS_KEY)],
  ];
  for (const [key, category, resourceName, xml] of shipped) {
    const [have] = await tx
      .select({ id: flowDefinition.id })
      .from(flowDefinition)
      .where(and(eq(flowDefinition.mode, 1), eq(flowDefinition.processKey, key)));
    if (have) continue;
    const { processes } = await parseBpmn(xml);
    const [{ id }] = (await tx
      .insert(flowDefinition)
      .values({
        definitionId: `${key}:1:0`,
        tenantId: '',
        mode: 1,
        deploymentId: '0',
        processKey: key,
        name: processes[0]!.name,
        category,
        version: 1,
        resourceName,
        xml,
        tasks: processes[0]!.tasks,
      })
      .returning({ id: flowDefinition.id })) as Array<{ id: string }>;
    // Flowable-shaped id with the row's own snowflake.
    await tx
      .update(flowDefinition)
      .set({ definitionId: `${key}:1:${id}`, deploymentId: id })
      .where(eq(flowDefinition.id, id));
  }
}

/** Demo zoo approvers: 饲养主管 (role curator) and 园长 (role director), with the work screens. */
export async function seedDemoFlow(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, userName: '系统初始化' }, async (tx) => {
    const menus = await tx
      .select({ id: bladeMenu.id, parentId: bladeMenu.parentId, code: bladeMenu.code, category: bladeMenu.category, alias: bladeMenu.alias })
      .from(bladeMenu)
      .where(eq(bladeMenu.isDeleted, 0));
    const approverMenus = subtree(menus, ['desk', 'work', 'zoo'], (m) => m.category === 1 || m.alias === 'view' || m.code.startsWith('work'));
    const curator = await ensureRole(tx, 'curator', '饲养主管', approverMenus);
    const director = await ensureRole(tx, 'director', '园长', approverMenus);
    const [dept] = await tx
      .select({ id: bladeDept.id })
      .from(bladeDept)
      .where(and(eq(bladeDept.parentId, '0'), eq(bladeDept.isDeleted, 0)))
      .limit(1);
    const [admin] = await tx
      .select({ postId: bladeUser.postId })
      .from(bladeUser)
      .where(and(eq(bladeUser.account, 'admin'), eq(bladeUser.isDeleted, 0)));
    if (!dept || !admin) return;
    await ensureUser(tx, 'curator', '饲养主管', curator, dept.id, admin.postId);
    await ensureUser(tx, 'director', '园长', director, dept.id, admin.postId);
  });
}
