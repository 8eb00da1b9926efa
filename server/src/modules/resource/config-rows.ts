import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONFIG_DISABLED, CONFIG_ENABLED, SECRET_MASK, type CrudDefinition, type Endpoint } from '@zoo/contract';
import type { DbLike } from '../../db/client';
import { systemDictLabels } from '../../platform/dict/dict-cache';
import { BizError } from '../../platform/http/errors';
import { resourceRoutes, NOT_FOUND } from '../../platform/resource/resource-routes';
import { route } from '../../platform/http/route';
import { egressFor } from '../../platform/http/egress';

export const PRIVATE_ENDPOINT = '服务地址不能指向本机、内网或链路本地地址 (如需使用,请由运维在 ALLOW_PRIVATE_ENDPOINTS 中允许)';

/** What OSS and SMS configurations share: a per-tenant code, a secret, and "one enabled at a time". */
export interface ConfigTable {
  table: PgTable;
  id: PgColumn;
  code: PgColumn;
  /** Input field holding the code (ossCode / smsCode). */
  codeKey: string;
  status: PgColumn;
  isDeleted: PgColumn;
  /** Dictionary of the category column (oss / sms). */
  dict: string;
}

/** Secrets never leave the server; the form shows the placeholder when one is stored. */
export const maskSecret = (s: string) => (s ? SECRET_MASK : '');

/** The placeholder sent back unchanged keeps the stored secret. */
export const keepSecret = (sent: string | undefined, existing?: { secretKey: string }) => (sent === SECRET_MASK ? (existing?.secretKey ?? '') : (sent ?? ''));

/** Rows → records: category and status names from the dictionaries (status: yes_no, 1 否 / 2 是), secret masked. */
export async function configRecords<R extends { category: number; status: number; secretKey: string }>(
  app: FastifyInstance,
  db: DbLike,
  t: ConfigTable,
  rows: R[],
) {
  const categoryName = await systemDictLabels(app.zoo.cache, db, t.dict);
  const statusName = await systemDictLabels(app.zoo.cache, db, 'yes_no');
  return rows.map((r) => ({ ...r, secretKey: maskSecret(r.secretKey), categoryName: categoryName(r.category), statusName: statusName(r.status) }));
}

export async function assertCodeFree(db: DbLike, t: ConfigTable, code: string, existingId?: string): Promise<void> {
  const clash = await db
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(t.code, code), eq(t.isDeleted, 0), existingId ? ne(t.id, existingId) : undefined));
  if (clash.length) throw new BizError(`资源编号 ${code} 已存在`);
}

/**
 * Enables one configuration and disables the tenant's others, in the request transaction. The tenant's rows
 * are locked first so concurrent enables run one after the other; a unique index backs "one enabled".
 */
export async function enableOnly(db: DbLike, t: ConfigTable, id: string): Promise<void> {
  const rows = await db.select({ id: t.id }).from(t.table).where(eq(t.isDeleted, 0)).for('update');
  if (!rows.some((r) => r.id === id)) throw new BizError(NOT_FOUND);
  await db
    .update(t.table)
    .set({ status: CONFIG_DISABLED } as never)
    .where(and(eq(t.isDeleted, 0), eq(t.status, CONFIG_ENABLED), ne(t.id, id)));
  await db
    .update(t.table)
    .set({ status: CONFIG_ENABLED } as never)
    .where(eq(t.id, id));
}

/** The configuration to use: the one named by `code`, else the enabled one, else none (built-in default). */
export async function pickConfig<R>(db: DbLike, t: ConfigTable, code: string | undefined): Promise<R | undefined> {
  const where = code ? and(eq(t.code, code), eq(t.isDeleted, 0)) : and(eq(t.status, CONFIG_ENABLED), eq(t.isDeleted, 0));
  const [row] = await db.select().from(t.table).where(where).limit(1);
  if (code && !row) throw new BizError(`配置不存在: ${code}`);
  return row as R | undefined;
}

/** The CRUD and enable calls of a configuration resource. The secret's mask placeholder keeps the stored secret. */
export function configRoutes(app: FastifyInstance, t: ConfigTable, def: CrudDefinition, enable: Endpoint): void {
  resourceRoutes(app, {
    table: t.table,
    def,
    toRecords: (rows, { db }) => configRecords(app, db, t, rows as never) as never,
    beforeSave: async (input: Record<string, unknown>, { db }, existing) => {
      await assertCodeFree(db, t, String(input[t.codeKey]), (existing as { id?: string } | undefined)?.id);
      // An address literal is refused at once; a name is checked where it matters, on every connection.
      const endpoint = typeof input.endpoint === 'string' ? input.endpoint.trim() : '';
      if (endpoint && /^https?:\/\//i.test(endpoint)) {
        try {
          egressFor(app.zoo.config.allowPrivateEndpoints).check(endpoint);
        } catch {
          throw new BizError(PRIVATE_ENDPOINT);
        }
      }
      return { secretKey: keepSecret(input.secretKey as string | undefined, existing as { secretKey: string } | undefined) };
    },
  });

  route(app, enable as Endpoint, async ({ db, query }) => {
    await enableOnly(db, t, (query as { id: string }).id);
    return {};
  });
}
