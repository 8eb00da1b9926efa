import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { FLOW_MSG, flowEndpoints, flowModel as flowModelDef, FlowCategoryIn, TenantIdsIn, type FlowExecution, isIdText } from '@zoo/contract';
import { BizError } from '../../platform/http/errors';
import { MALFORMED_UPLOAD } from '../../platform/http/multipart';
import { publicRoute, replyMessage, route } from '../../platform/http/route';
import { containing } from '../../platform/resource/like';
import { pageOf, selectPage } from '../../platform/resource/paging';
import { resourceRoutes, NOT_FOUND } from '../../platform/resource/resource-routes';
import { PLATFORM_TENANT, type Session } from '../../platform/auth/session';
import { deploy, type DeployFile } from './deploy';
import { flowDefinition, flowInstance, flowModel, flowTask, flowTimer } from './flow.tables';
import { categoryNames, processRecord, userNames } from './records';
import { openIncidentCounts } from './incident.routes';
import { deleteInstance } from './runtime';
import { shippedName } from '../../platform/i18n/shipped-names';

const MAX_BPMN = 2 * 1024 * 1024;
const isBpmnName = (n: string) => /\.(bpmn20\.xml|bpmn)$/i.test(n);

type ModelRow = typeof flowModel.$inferSelect;
const modelRecord = (r: ModelRow, name: (id: string | null) => string, withXml: boolean) => ({
  id: r.id,
  modelKey: r.modelKey,
  name: r.name,
  description: r.description,
  version: r.version,
  created: r.createTime,
  lastUpdated: r.updateTime,
  createdBy: name(r.createUser),
  lastUpdatedBy: name(r.updateUser),
  modelType: r.modelType,
  tenantId: r.tenantId,
  modelEditorXml: withXml ? r.modelEditorXml : '',
});

/** Common definitions belong to the platform tenant: others may use, not change them. */
function assertOwner(tenantId: string, s: Session): void {
  if (tenantId === '' && s.tenantId !== PLATFORM_TENANT) throw new BizError('通用流程只有平台管理员可以变更');
}

/** Reads a deploy-upload body: files (field `files`, repeated; `file` accepted), `category`, `tenantIds`. */
async function readDeployUpload(req: FastifyRequest): Promise<{ files: DeployFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 方式上传流程文件 (字段 files)');
  const files: DeployFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BPMN, files: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files' && part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        const buf = await part.toBuffer();
        if (!isBpmnName(part.filename)) throw new BizError(FLOW_MSG.badExtension);
        if (/\p{Cc}/u.test(part.filename)) throw new BizError('文件名包含非法字符');
        files.push({ name: part.filename, xml: buf.toString('utf8') });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if (e instanceof BizError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError('流程文件大小不能超过 2MB');
    throw new BizError(MALFORMED_UPLOAD);
  }
  if (!files.length) throw new BizError('请选择要部署的流程文件');
  return { files, fields };
}

/** /blade-flow/model, /manager, /follow: design, deployment and running instances. */
export function adminRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: flowModel,
    def: flowModelDef,
    toRecords: async (rows, { db }) => {
      const names = await userNames(
        db,
        rows.flatMap((r) => [r.createUser, r.updateUser]),
      );
      return rows.map((r) => modelRecord(r, names, false));
    },
    detailRecord: async (r, { db }) => modelRecord(r, await userNames(db, [r.createUser, r.updateUser]), true),
    beforeSave: async (_input, _ctx, existing) => (existing ? { version: existing.version + 1 } : { version: 1 }),
    submitResult: async (id, { db }) => {
      const [r] = await db.select().from(flowModel).where(eq(flowModel.id, id));
      return modelRecord(r!, await userNames(db, [r!.createUser, r!.updateUser]), false);
    },
    defaultOrder: (c) => [desc(c.updateTime!)],
  });

  route(app, flowEndpoints.modelDeploy, async ({ db, session, query }) => {
    if (!isIdText(query.modelId)) throw new BizError(NOT_FOUND);
    const [m] = await db
      .select()
      .from(flowModel)
      .where(and(eq(flowModel.id, query.modelId), eq(flowModel.isDeleted, 0)));
    if (!m) throw new BizError(NOT_FOUND);
    if (!m.modelEditorXml.trim()) throw new BizError('模型内容为空,请先设计流程');
    await deploy(db, session, [{ name: `${m.modelKey}.bpmn20.xml`, xml: m.modelEditorXml }], query.category!, query.tenantIds);
    return {};
  });

  route(app, flowEndpoints.managerList, async ({ db, session, query: q }) => {
    const where = and(
      q.category ? eq(flowDefinition.category, q.category) : undefined,
      q.mode ? eq(flowDefinition.mode, q.mode) : undefined,
      q.name ? ilike(flowDefinition.name, containing(q.name)) : undefined,
    );
    const { rows, total: n } = await selectPage(db, flowDefinition, where, [desc(flowDefinition.deploymentTime), desc(flowDefinition.id)], q);
    const cat = await categoryNames(app.zoo.cache, db, session.tenantId);
    return pageOf(
      rows.map((d) => processRecord(d, cat)),
      Number(n),
      q,
    );
  });

  route(app, flowEndpoints.changeState, async ({ db, session, query, req }) => {
    const [def] = await db.select().from(flowDefinition).where(eq(flowDefinition.definitionId, query.processId)).for('update');
    if (!def) throw new BizError(FLOW_MSG.definitionMissing);
    assertOwner(def.tenantId, session);
    const target = query.state === 'active' ? 1 : 2;
    if (def.suspensionState === target) {
      replyMessage(req, FLOW_MSG.sameState(query.processId));
      return {};
    }
    await db.update(flowDefinition).set({ suspensionState: target }).where(eq(flowDefinition.id, def.id));
    replyMessage(req, target === 1 ? FLOW_MSG.activated(query.processId) : FLOW_MSG.suspended(query.processId));
    return {};
  });

  route(app, flowEndpoints.deleteDeployment, async ({ db, session, query }) => {
    const defs = await db.select().from(flowDefinition).where(inArray(flowDefinition.deploymentId, query.deploymentIds));
    if (!defs.length) throw new BizError('部署不存在或已被删除');
    for (const d of defs) assertOwner(d.tenantId, session);
    const ids = defs.map((d) => d.definitionId);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(flowInstance)
      .where(and(inArray(flowInstance.definitionId, ids), eq(flowInstance.state, 'running')))) as Array<{ n: number }>;
    if (Number(n) > 0) throw new BizError(`该部署下还有 ${n} 个运行中的流程实例,请先在流程跟踪中删除`);
    await db.delete(flowDefinition).where(inArray(flowDefinition.deploymentId, query.deploymentIds));
    // Their timer starts go too (a row another zoo's row-level security hides is dropped when it falls due).
    await db.delete(flowTimer).where(and(isNull(flowTimer.instanceId), inArray(flowTimer.definitionId, ids)));
    return {};
  });

  // The upload widget checks the file before a token is at hand (contract §8.4): only the name is judged.
  publicRoute(
    app,
    flowEndpoints.checkUpload,
    async ({ req }) => {
      if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 方式上传文件 (字段 file)');
      let name = '';
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_BPMN, files: 1 } })) {
          if (part.type === 'file') {
            await part.toBuffer();
            if (part.fieldname === 'file' || part.fieldname === 'files') name = part.filename;
          }
        }
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError('流程文件大小不能超过 2MB');
        throw new BizError(MALFORMED_UPLOAD);
      }
      if (!name) throw new BizError('请选择要上传的文件 (字段 file)');
      return { name, success: isBpmnName(name) };
    },
    { bodyLimit: MAX_BPMN + 64 * 1024 },
  );

  route(app, flowEndpoints.deployUpload, async ({ db, session, req }) => {
    const { files, fields } = await readDeployUpload(req);
    const category = FlowCategoryIn.safeParse(fields.category);
    if (!category.success || !category.data) throw new BizError(category.success ? '请选择流程分类' : category.error.issues[0]!.message);
    const tenants = TenantIdsIn.safeParse(fields.tenantIds ?? '');
    if (!tenants.success) throw new BizError(tenants.error.issues[0]!.message);
    await deploy(db, session, files, category.data, tenants.data);
    return {};
  });

  route(app, flowEndpoints.followList, async ({ db, session, query: q }) => {
    const where = and(
      eq(flowInstance.state, 'running'),
      q.processInstanceId ? eq(flowInstance.id, isIdText(q.processInstanceId) ? q.processInstanceId : '0') : undefined,
      q.processDefinitionKey ? ilike(flowInstance.processKey, containing(q.processDefinitionKey)) : undefined,
    );
    const { rows, total: n } = await selectPage(db, flowInstance, where, [desc(flowInstance.startTime), desc(flowInstance.id)], q);
    const open = rows.length
      ? await db
          .select()
          .from(flowTask)
          .where(
            and(
              isNull(flowTask.endTime),
              inArray(
                flowTask.instanceId,
                rows.map((r) => r.id),
              ),
            ),
          )
      : [];
    const cat = await categoryNames(app.zoo.cache, db, session.tenantId);
    const names = await userNames(
      db,
      rows.map((r) => r.startUserId),
    );
    const incidents = await openIncidentCounts(
      db,
      rows.map((r) => r.id),
    );
    const records: FlowExecution[] = rows.map((i) => {
      const t = open.find((x) => x.instanceId === i.id);
      return {
        id: i.id,
        name: shippedName(i.name),
        startUserId: i.startUserId ?? '',
        startUser: i.startUserName || names(i.startUserId),
        startTime: i.startTime,
        taskDefinitionId: t?.taskDefKey ?? '',
        taskDefinitionKey: t?.taskDefKey ?? '',
        category: i.category,
        categoryName: cat(i.category),
        processInstanceId: i.id,
        processDefinitionId: i.definitionId,
        processDefinitionKey: i.processKey,
        activityId: t?.taskDefKey ?? '',
        suspensionState: i.suspensionState,
        executionId: t?.executionId ?? i.id,
        incidents: incidents.get(i.id) ?? 0,
      };
    });
    return pageOf(records, Number(n), q);
  });

  route(app, flowEndpoints.deleteProcessInstance, async ({ db, query }) => {
    await deleteInstance(db, query.processInstanceId, query.deleteReason || '删除流程实例');
    return {};
  });
}
