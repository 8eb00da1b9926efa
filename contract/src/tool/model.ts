import { z } from 'zod';
import { BaseRecord, Empty, Id } from '../common';
import { endpoint } from '../endpoint';
import { defineCrud } from '../resource';
import { optText, reqId, reqText } from '../fields';

/**
 * Data models (数据模型, contract §5.16, BladeX 3.x+): a model names one table of a datasource; its prototypes are
 * the per-column settings the code generator reads (TS type, list/form/query flags, component, dictionary).
 */
export const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const ModelRecord = z.object({
  ...BaseRecord,
  datasourceId: z.string(),
  datasourceName: z.string().meta({ title: '数据源' }),
  modelName: z.string().meta({ title: '模型名称' }),
  modelCode: z.string().meta({ title: '模型编号' }),
  modelTable: z.string().meta({ title: '物理表名' }),
  modelClass: z.string().meta({ title: '实体类名' }),
  modelRemark: z.string().meta({ title: '模型备注' }),
});
export type ModelRecord = z.output<typeof ModelRecord>;

export const model = defineCrud({
  name: 'model',
  base: '/blade-develop/model',
  title: '数据模型',
  record: ModelRecord,
  input: z.object({
    id: Id.optional(),
    datasourceId: reqId('数据源'),
    modelName: reqText('模型名称', 100),
    modelCode: reqText('模型编号', 100).regex(IDENT_RE, '模型编号只能包含字母、数字和下划线,且不能以数字开头'),
    modelTable: reqText('物理表名', 64, '请选择').regex(IDENT_RE, '物理表名只能包含字母、数字和下划线'),
    modelClass: optText('实体类名', 100),
    modelRemark: optText('模型备注', 500),
  }),
  filters: z.object({ modelName: z.string().optional(), modelCode: z.string().optional(), modelTable: z.string().optional() }),
  access: { list: { perm: 'model' }, detail: { perm: 'model' } },
});

/** One column of a table, read from the datasource's information_schema. */
export const TableField = z.object({
  name: z.string(),
  /** The database type as the catalog names it (varchar, bigint, numeric…). */
  type: z.string(),
  comment: z.string(),
  nullable: z.boolean(),
  primaryKey: z.boolean(),
  /** The TypeScript type the generator maps it to (string, number, boolean). */
  propertyType: z.string(),
  /** camelCase property name. */
  propertyName: z.string(),
});
export type TableField = z.output<typeof TableField>;

export const TableSummary = z.object({ name: z.string(), comment: z.string() });
export const TableInfo = z.object({ name: z.string(), comment: z.string(), fields: z.array(TableField) });

export const ModelPrototypeRecord = z.object({
  id: z.string(),
  modelId: z.string(),
  jdbcName: z.string(),
  jdbcType: z.string(),
  jdbcComment: z.string(),
  propertyType: z.string(),
  propertyEntity: z.string(),
  propertyName: z.string(),
  isList: z.number(),
  isForm: z.number(),
  isRow: z.number(),
  componentType: z.string(),
  dictCode: z.string(),
  isRequired: z.number(),
  isQuery: z.number(),
  queryType: z.string(),
});
export type ModelPrototypeRecord = z.output<typeof ModelPrototypeRecord>;

export const PROPERTY_TYPES = ['string', 'number', 'boolean'] as const;
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'date', 'datetime', 'switch'] as const;
export const QUERY_TYPES = ['equal', 'like', 'ge', 'le'] as const;
const flag = (label: string) =>
  z.preprocess(
    (v) => (v === true || v === '1' ? 1 : v === false || v === '0' || v === '' || v == null ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: `${label}取值不正确` }),
  );

export const ModelPrototypeInput = z.object({
  /** "" for a field proposed from the table and not saved yet. */
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), Id.optional()),
  modelId: reqId('数据模型'),
  jdbcName: reqText('字段名', 64).regex(IDENT_RE, '字段名只能包含字母、数字和下划线'),
  jdbcType: reqText('字段类型', 64),
  jdbcComment: optText('字段注释', 255),
  propertyType: z.enum(PROPERTY_TYPES, { error: '实体类型取值不正确' }),
  propertyEntity: optText('实体类型全称', 255),
  propertyName: reqText('属性名', 64).regex(IDENT_RE, '属性名只能包含字母、数字和下划线'),
  isList: flag('列表显示'),
  isForm: flag('表单显示'),
  isRow: flag('独占一行'),
  componentType: z.enum(COMPONENT_TYPES, { error: '组件类型取值不正确' }).default('input'),
  dictCode: optText('字典编号', 100),
  isRequired: flag('必填'),
  isQuery: flag('查询'),
  queryType: z.preprocess((v) => (v === '' || v == null ? 'equal' : v), z.enum(QUERY_TYPES, { error: '查询方式取值不正确' })),
});

export const modelEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-develop/model/select',
    summary: '数据模型下拉列表',
    access: { perm: 'model' },
    data: z.array(z.object({ id: z.string(), modelName: z.string(), modelTable: z.string() })),
  }),
  tableList: endpoint({
    method: 'GET',
    path: '/blade-develop/model/table-list',
    summary: '数据源的表',
    access: { perm: 'model' },
    query: z.object({ datasourceId: reqId('数据源') }),
    data: z.array(TableSummary),
  }),
  tableInfo: endpoint({
    method: 'GET',
    path: '/blade-develop/model/table-info',
    summary: '表结构',
    access: { perm: 'model' },
    query: z.object({ modelId: Id.optional(), tableName: z.string().regex(IDENT_RE, '表名格式不正确').optional(), datasourceId: Id.optional() }),
    data: TableInfo,
  }),
  modelPrototype: endpoint({
    method: 'GET',
    path: '/blade-develop/model/model-prototype',
    summary: '模型字段(已保存的配置或表的字段)',
    access: { perm: 'model' },
    query: z.object({ modelId: reqId('数据模型'), datasourceId: Id.optional() }),
    data: z.array(ModelPrototypeRecord),
  }),
  prototypeSubmit: endpoint({
    method: 'POST',
    path: '/blade-develop/model-prototype/submit-list',
    summary: '保存模型字段配置',
    access: { perm: 'model_prototype' },
    body: z.array(ModelPrototypeInput, { error: '请提交字段配置列表' }).min(1, '请提交字段配置列表').max(500, '字段最多500个'),
    data: Empty,
  }),
  prototypeSelect: endpoint({
    method: 'GET',
    path: '/blade-develop/model-prototype/select',
    summary: '模型字段配置',
    access: { perm: 'model' },
    query: z.object({ modelId: reqId('数据模型') }),
    data: z.array(ModelPrototypeRecord),
  }),
};
