import { z } from 'zod';
import { BaseRecord, Id, IdList } from '../common';
import { endpoint } from '../endpoint';
import { defineCrud } from '../resource';
import { dictInt, optText, reqId, reqText } from '../fields';

/**
 * Code generator rows (代码生成, contract §5.16, 3.x+ rows name a model). `gen-code` turns each row into a module
 * in this project's own layout (contract definition, server table + routes + API test, web CRUD page + i18n,
 * menu entry) and offers it as a zip.
 *
 * The BladeX fields keep their names with this project's meaning: `serviceName` is the area folder
 * (contract/src/<area>, server/src/modules/<area>, web/src/features/<area>), `packageName` the entity folder and
 * resource name, `apiPath` the API base path, `webPath` the menu path.
 */
export const AREA_RE = /^[a-z][a-z0-9]*$/;
export const ENTITY_RE = /^[a-z][a-z0-9_]*$/;
export const API_PATH_RE = /^\/[a-z][a-z0-9-]*(\/[a-zA-Z][a-zA-Z0-9-]*)+$/;
export const WEB_PATH_RE = /^\/[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)+$/;

export const CodeRecord = z.object({
  ...BaseRecord,
  modelId: z.string(),
  modelName: z.string().meta({ title: '数据模型' }),
  serviceName: z.string().meta({ title: '模块名' }),
  codeName: z.string().meta({ title: '菜单名称' }),
  tableName: z.string().meta({ title: '表名' }),
  tablePrefix: z.string().meta({ title: '表前缀' }),
  pkName: z.string().meta({ title: '主键名' }),
  packageName: z.string().meta({ title: '实体名' }),
  baseMode: z.number().meta({ title: '基础业务' }),
  wrapMode: z.number().meta({ title: '包装器' }),
  apiPath: z.string().meta({ title: '接口路径' }),
  webPath: z.string().meta({ title: '前端路径' }),
});
export type CodeRecord = z.output<typeof CodeRecord>;

export const code = defineCrud({
  name: 'code',
  base: '/blade-develop/code',
  title: '代码生成',
  record: CodeRecord,
  input: z.object({
    id: Id.optional(),
    modelId: reqId('数据模型'),
    serviceName: reqText('模块名', 30).regex(AREA_RE, '模块名只能包含小写字母和数字,且以字母开头'),
    codeName: reqText('菜单名称', 50),
    tableName: reqText('表名', 64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '表名只能包含字母、数字和下划线'),
    tablePrefix: optText('表前缀', 30),
    pkName: z.preprocess(
      (v) => (v === '' || v == null ? 'id' : v),
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]*$/, '主键名格式不正确')
        .max(64),
    ),
    packageName: reqText('实体名', 40).regex(ENTITY_RE, '实体名只能包含小写字母、数字和下划线,且以字母开头'),
    baseMode: dictInt('基础业务', [1, 2] as const).default(1),
    wrapMode: dictInt('包装器', [1, 2] as const).default(2),
    apiPath: reqText('接口路径', 200).regex(API_PATH_RE, '接口路径格式应为 /服务/实体,如 /zoo-bird/bird'),
    webPath: reqText('前端路径', 200).regex(WEB_PATH_RE, '前端路径格式应为 /模块/实体,如 /zoo/bird'),
  }),
  filters: z.object({ codeName: z.string().optional(), tableName: z.string().optional(), modelId: z.string().optional() }),
  access: { list: { perm: 'code' }, detail: { perm: 'code' } },
});

export const GEN_SYSTEMS = ['saber', 'zoo'] as const;

export const GenResult = z.object({
  /** Paths inside the zip, one module per row. */
  files: z.array(z.string()),
  /** The download call (GET, the token as `Blade-Auth` query parameter). */
  download: z.string(),
  /** Name of the zip kept in the configured output directory, when one is configured. */
  saved: z.string(),
});

const genQuery = z.object({
  ids: IdList,
  system: z.preprocess((v) => (v === '' || v == null ? 'saber' : v), z.enum(GEN_SYSTEMS, { error: '不支持的前端系统' })),
});

export const codeEndpoints = {
  copy: endpoint({
    method: 'POST',
    path: '/blade-develop/code/copy',
    summary: '复制代码生成配置',
    access: { perm: 'code_copy' },
    query: z.object({ id: Id }),
    data: z.object({ id: z.string() }),
  }),
  genCode: endpoint({
    method: 'POST',
    path: '/blade-develop/code/gen-code',
    summary: '生成代码',
    access: { perm: 'code_gen' },
    query: genQuery,
    data: GenResult,
  }),
  download: endpoint({
    method: 'GET',
    path: '/blade-develop/code/download',
    summary: '下载生成的代码(zip)',
    access: { perm: 'code_gen' },
    query: genQuery,
    data: z.unknown(),
    raw: true,
    download: true,
  }),
};
