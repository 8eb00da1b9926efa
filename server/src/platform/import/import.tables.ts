import { integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { ImportIssue } from '@zoo/contract';
import { bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../db/columns';

/**
 * Spreadsheet import jobs. Progress lives here, committed with each batch of written rows, so every server
 * instance can report it while the job runs.
 */
export const sysImportJob = pgTable(
  'sys_import_job',
  {
    id: idCol(),
    tenantId: tenantCol(),
    kind: varchar('kind', { length: 32 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<ImportIssue[]>().notNull().default([]),
    msg: varchar('msg', { length: 255 }).notNull().default(''),
    createUser: bigintStr('create_user').notNull(),
    createTime: datetime('create_time').notNull().default(nowDefault),
    updateTime: datetime('update_time').notNull().default(nowDefault),
  },
  () => [tenantPolicy('sys_import_job')],
);
