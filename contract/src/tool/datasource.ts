import { z } from 'zod';
import { BaseRecord, Id } from '../common';
import { endpoint } from '../endpoint';
import { defineCrud } from '../resource';
import { optText, reqText } from '../fields';

/**
 * Datasources (数据源管理, contract §5.16): connections to PostgreSQL or MySQL/MariaDB databases that data models
 * read their tables from. The password is kept encrypted by the server and never sent back: the record has
 * `hasPassword` instead, and a blank password on update keeps the stored one.
 */
export const DRIVERS = {
  'org.postgresql.Driver': { label: 'PostgreSQL', scheme: 'postgresql', port: 5432 },
  'com.mysql.cj.jdbc.Driver': { label: 'MySQL / MariaDB', scheme: 'mysql', port: 3306 },
} as const;
export type DriverClass = keyof typeof DRIVERS;
export const DRIVER_CLASSES = Object.keys(DRIVERS) as DriverClass[];

/** `jdbc:postgresql://host[:port]/database[?…]` or `jdbc:mysql://…`, as BladeX stores them. */
export const JDBC_URL_RE = /^jdbc:(postgresql|mysql|mariadb):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?\/([A-Za-z0-9_$-]+)(\?.*)?$/;

export const DatasourceRecord = z.object({
  ...BaseRecord,
  name: z.string().meta({ title: '名称' }),
  driverClass: z.string().meta({ title: '驱动类' }),
  url: z.string().meta({ title: '连接地址' }),
  username: z.string().meta({ title: '用户名' }),
  /** Whether a password is stored (the password itself never leaves the server). */
  hasPassword: z.boolean(),
  remark: z.string().meta({ title: '备注' }),
});
export type DatasourceRecord = z.output<typeof DatasourceRecord>;

const driverIn = z.enum(DRIVER_CLASSES as [DriverClass, ...DriverClass[]], { error: '请选择驱动类' });
const urlIn = z
  .string({ error: '请输入连接地址' })
  .trim()
  .min(1, '请输入连接地址')
  .max(500, '连接地址不能超过500个字符')
  .regex(JDBC_URL_RE, '连接地址格式应为 jdbc:postgresql://主机:端口/数据库 或 jdbc:mysql://主机:端口/数据库');
const passwordIn = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200, '密码不能超过200个字符').optional());

export const DatasourceInput = z.object({
  id: Id.optional(),
  name: reqText('数据源名称', 100),
  driverClass: driverIn,
  url: urlIn,
  username: reqText('用户名', 100),
  /** Required for a new datasource; blank on update keeps the stored password. */
  password: passwordIn,
  remark: optText('备注', 255),
});

export const datasource = defineCrud({
  name: 'datasource',
  base: '/blade-develop/datasource',
  title: '数据源',
  record: DatasourceRecord,
  input: DatasourceInput,
  filters: z.object({ name: z.string().optional(), driverClass: z.string().optional() }),
  access: { list: { perm: 'datasource' }, detail: { perm: 'datasource' } },
});

export const DatasourceOption = z.object({ id: z.string(), name: z.string(), driverClass: z.string() });

export const datasourceEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-develop/datasource/select',
    summary: '数据源下拉列表',
    access: 'login',
    data: z.array(DatasourceOption),
  }),
  /**
   * Tries a connection: a saved datasource (`id` alone) or the form being edited (a blank password with an `id`
   * uses the stored one). A failure answers 400 with the reason in Chinese (timeout, refused, bad password…).
   */
  test: endpoint({
    method: 'POST',
    path: '/blade-develop/datasource/test',
    summary: '测试数据源连接',
    access: { perm: 'datasource' },
    body: z.object({
      id: Id.optional(),
      driverClass: driverIn.optional(),
      url: urlIn.optional(),
      username: z.string().trim().max(100).optional(),
      password: passwordIn,
    }),
    data: z.object({ version: z.string(), millis: z.number() }),
  }),
};
