import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { model, modelEndpoints, type ModelPrototypeRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { NOT_FOUND, resourceRoutes } from '../../../platform/resource/resource-routes';
import { anyLive, refuseDuplicate } from '../../../platform/resource/guards';
import { bladeCode, bladeDatasource, bladeModel, bladeModelPrototype } from '../tool.tables';
import { PLATFORM_ONLY } from '../platform-only';
import { loadTarget } from '../datasource/datasource.routes';
import { withDatasource } from '../datasource/connect';
import { camel, listTables, propertyTypeOf, tableColumns } from './catalog';

type ModelRow = typeof bladeModel.$inferSelect;
const liveModel = eq(bladeModel.isDeleted, 0);

async function withNames(db: Tx, rows: ModelRow[]) {
  const ids = [...new Set(rows.map((r) => r.datasourceId))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: bladeDatasource.id, name: bladeDatasource.name }).from(bladeDatasource).where(inArray(bladeDatasource.id, ids))).map((r) => [
          r.id,
          r.name,
        ])
      : [],
  );
  return rows.map((r) => ({ ...r, datasourceName: names.get(r.datasourceId) ?? '' }));
}

export async function findModel(db: Tx, id: string): Promise<ModelRow> {
  const [row] = await db
    .select()
    .from(bladeModel)
    .where(and(eq(bladeModel.id, id), liveModel));
  if (!row) throw new BizError('数据模型不存在或已被删除');
  return row;
}

/** The table's columns from the datasource's catalog (400 when the table is gone). */
export async function readTable(app: FastifyInstance, db: Tx, datasourceId: string, table: string) {
  const target = await loadTarget(app, db, datasourceId);
  const info = await withDatasource(target, app.zoo.config.allowPrivateEndpoints, (s) => tableColumns(s, table));
  if (!info) throw new BizError(`数据源 ${target.name} 中不存在表 ${table}`);
  return {
    name: table,
    comment: info.comment,
    fields: info.columns.map((c) => ({ ...c, propertyType: propertyTypeOf(c.type), propertyName: camel(c.name) })),
  };
}

/** Saved prototypes of a model, in column order of saving. */
export async function savedPrototypes(db: Tx, modelId: string): Promise<ModelPrototypeRecord[]> {
  const rows = await db
    .select()
    .from(bladeModelPrototype)
    .where(and(eq(bladeModelPrototype.modelId, modelId), eq(bladeModelPrototype.isDeleted, 0)))
    .orderBy(asc(bladeModelPrototype.id));
  return rows.map((r) => ({
    id: r.id,
    modelId: r.modelId,
    jdbcName: r.jdbcName,
    jdbcType: r.jdbcType,
    jdbcComment: r.jdbcComment,
    propertyType: r.propertyType,
    propertyEntity: r.propertyEntity,
    propertyName: r.propertyName,
    isList: r.isList,
    isForm: r.isForm,
    isRow: r.isRow,
    componentType: r.componentType,
    dictCode: r.dictCode,
    isRequired: r.isRequired,
    isQuery: r.isQuery,
    queryType: r.queryType,
  }));
}

/** Base columns every generated resource gets anyway: not offered as form fields. */
const BASE_COLUMNS = new Set(['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted']);

/** Prototypes proposed from the table's columns (nothing saved yet): id "" until saved. */
export async function proposedPrototypes(app: FastifyInstance, db: Tx, m: ModelRow): Promise<ModelPrototypeRecord[]> {
  const info = await readTable(app, db, m.datasourceId, m.modelTable);
  return info.fields.map((f) => {
    const base = BASE_COLUMNS.has(f.name);
    return {
      id: '',
      modelId: m.id,
      jdbcName: f.name,
      jdbcType: f.type,
      jdbcComment: f.comment,
      propertyType: f.propertyType,
      propertyEntity: '',
      propertyName: f.propertyName,
      isList: base ? 0 : 1,
      isForm: base ? 0 : 1,
      isRow: 0,
      componentType:
        f.propertyType === 'number'
          ? 'number'
          : f.propertyType === 'boolean'
            ? 'switch'
            : /^(text|longtext|mediumtext)$/.test(f.type)
              ? 'textarea'
              : /timestamp|datetime/.test(f.type)
                ? 'datetime'
                : f.type === 'date'
                  ? 'date'
                  : 'input',
      dictCode: '',
      isRequired: !base && !f.nullable ? 1 : 0,
      isQuery: 0,
      queryType: f.propertyType === 'string' ? 'like' : 'equal',
    };
  });
}

export function modelRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeModel,
    def: model,
    toRecords: async (rows, { db }) => withNames(db, rows),
    platformOnly: true,
    detailRecord: async (row, { db }) => {
      return (await withNames(db, [row]))[0]!;
    },
    beforeSave: async (input, { db }, existing) => {
      await refuseDuplicate(db, bladeModel, eq(bladeModel.modelCode, input.modelCode), existing, `模型编号 ${input.modelCode} 已存在`);
      // The model must name a real table of its datasource: read the catalog now, not at generation time.
      await readTable(app, db, input.datasourceId, input.modelTable);
      if (existing && (existing.modelTable !== input.modelTable || existing.datasourceId !== input.datasourceId)) {
        // Field settings belong to the old table.
        await db.update(bladeModelPrototype).set({ isDeleted: 1 }).where(eq(bladeModelPrototype.modelId, existing.id));
      }
    },
    beforeRemove: async (ids, { db }) => {
      if (await anyLive(db, bladeCode, inArray(bladeCode.modelId, ids))) throw new BizError('数据模型已被代码生成配置使用,请先删除对应的配置');
      await db.update(bladeModelPrototype).set({ isDeleted: 1 }).where(inArray(bladeModelPrototype.modelId, ids));
    },
  });

  route(
    app,
    modelEndpoints.select,
    async ({ db }) => {
      return db
        .select({ id: bladeModel.id, modelName: bladeModel.modelName, modelTable: bladeModel.modelTable })
        .from(bladeModel)
        .where(liveModel)
        .orderBy(asc(bladeModel.modelName));
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    modelEndpoints.tableList,
    async ({ db, query }) => {
      const target = await loadTarget(app, db, query.datasourceId);
      return withDatasource(target, app.zoo.config.allowPrivateEndpoints, listTables);
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    modelEndpoints.tableInfo,
    async ({ db, query }) => {
      if (query.modelId) {
        const m = await findModel(db, query.modelId);
        return readTable(app, db, m.datasourceId, m.modelTable);
      }
      if (!query.tableName || !query.datasourceId) throw new BizError('请提供数据模型,或表名和数据源');
      return readTable(app, db, query.datasourceId, query.tableName);
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    modelEndpoints.modelPrototype,
    async ({ db, query }) => {
      const m = await findModel(db, query.modelId);
      const saved = await savedPrototypes(db, m.id);
      return saved.length ? saved : proposedPrototypes(app, db, m);
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    modelEndpoints.prototypeSelect,
    async ({ db, query }) => {
      await findModel(db, query.modelId);
      return savedPrototypes(db, query.modelId);
    },
    PLATFORM_ONLY,
  );

  // One model's whole field list, replaced in the request transaction (saved rows keep their ids).
  route(
    app,
    modelEndpoints.prototypeSubmit,
    async ({ db, body }) => {
      const modelIds = [...new Set(body.map((p) => p.modelId))];
      if (modelIds.length !== 1) throw new BizError('一次只能保存一个数据模型的字段配置');
      const m = await findModel(db, modelIds[0]!);
      const names = new Set<string>();
      for (const p of body) {
        if (names.has(p.jdbcName)) throw new BizError(`字段 ${p.jdbcName} 重复`);
        names.add(p.jdbcName);
      }
      const existing = await savedPrototypes(db, m.id);
      const keep = new Set(body.map((p) => p.id).filter(Boolean));
      const stale = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
      if (stale.length) await db.update(bladeModelPrototype).set({ isDeleted: 1 }).where(inArray(bladeModelPrototype.id, stale));
      const known = new Set(existing.map((e) => e.id));
      for (const p of body) {
        const values = {
          modelId: m.id,
          jdbcName: p.jdbcName,
          jdbcType: p.jdbcType,
          jdbcComment: p.jdbcComment ?? '',
          propertyType: p.propertyType,
          propertyEntity: p.propertyEntity ?? '',
          propertyName: p.propertyName,
          isList: p.isList,
          isForm: p.isForm,
          isRow: p.isRow,
          componentType: p.componentType,
          dictCode: p.dictCode ?? '',
          isRequired: p.isRequired,
          isQuery: p.isQuery,
          queryType: p.queryType,
        };
        if (p.id && known.has(p.id)) await db.update(bladeModelPrototype).set(values).where(eq(bladeModelPrototype.id, p.id));
        else if (p.id) throw new BizError(NOT_FOUND);
        else await db.insert(bladeModelPrototype).values(values);
      }
      return {};
    },
    PLATFORM_ONLY,
  );
}
