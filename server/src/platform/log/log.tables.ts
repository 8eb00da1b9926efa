import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, datetime, nowDefault, partIdCol, partitionPk, tenantPolicy } from '../../db/columns';

/** Request and error logs, partitioned by month of create_time (migration 0052, decision 0056). */
const logCols = () => ({
  id: partIdCol(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
  serviceId: varchar('service_id', { length: 32 }).notNull().default('zoo-server'),
  serverHost: varchar('server_host', { length: 255 }).notNull().default(''),
  serverIp: varchar('server_ip', { length: 255 }).notNull().default(''),
  env: varchar('env', { length: 255 }).notNull().default(''),
  method: varchar('method', { length: 10 }).notNull().default(''),
  requestUri: varchar('request_uri', { length: 1000 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 1000 }).notNull().default(''),
  remoteIp: varchar('remote_ip', { length: 255 }).notNull().default(''),
  methodClass: varchar('method_class', { length: 255 }).notNull().default(''),
  methodName: varchar('method_name', { length: 255 }).notNull().default(''),
  params: text('params').notNull().default(''),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createUser: bigintStr('create_user'),
  createTime: datetime('create_time').notNull().default(nowDefault),
});

export const bladeLogError = pgTable(
  'blade_log_error',
  {
    ...logCols(),
    stackTrace: text('stack_trace').notNull().default(''),
    exceptionName: varchar('exception_name', { length: 255 }).notNull().default(''),
    message: text('message').notNull().default(''),
    lineNumber: varchar('line_number', { length: 32 }).notNull().default(''),
    fileName: varchar('file_name', { length: 1000 }).notNull().default(''),
  },
  (t) => [partitionPk('blade_log_error', t.id, t.createTime), index('blade_log_error_idx').on(t.tenantId, t.createTime), tenantPolicy('blade_log_error')],
);

export const bladeLogApi = pgTable(
  'blade_log_api',
  {
    ...logCols(),
    type: varchar('type', { length: 2 }).notNull().default('1'),
    title: varchar('title', { length: 255 }).notNull().default(''),
    time: varchar('time', { length: 64 }).notNull().default(''),
  },
  (t) => [partitionPk('blade_log_api', t.id, t.createTime), index('blade_log_api_idx').on(t.tenantId, t.createTime), tenantPolicy('blade_log_api')],
);

export const bladeLogUsual = pgTable(
  'blade_log_usual',
  {
    ...logCols(),
    logLevel: varchar('log_level', { length: 10 }).notNull().default(''),
    logId: varchar('log_id', { length: 100 }).notNull().default(''),
    logData: text('log_data').notNull().default(''),
  },
  (t) => [partitionPk('blade_log_usual', t.id, t.createTime), index('blade_log_usual_idx').on(t.tenantId, t.createTime), tenantPolicy('blade_log_usual')],
);
