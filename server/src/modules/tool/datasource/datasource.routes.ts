import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { datasource, datasourceEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { NOT_FOUND, resourceRoutes } from '../../../platform/resource/resource-routes';
import { anyLive } from '../../../platform/resource/guards';
import { bladeDatasource, bladeModel } from '../tool.tables';
import { PLATFORM_ONLY } from '../platform-only';
import { withDatasource, type Target } from './connect';
import { seal, SealError } from '../../../platform/crypto/sealed-box';
import { datasourceKey, openDatasourcePassword, resealLegacyPasswords } from './datasource-key';

type Row = typeof bladeDatasource.$inferSelect;
const live = eq(bladeDatasource.isDeleted, 0);

/** The record without the password (contract: it never leaves the server). */
const toRecord = ({ password, ...rest }: Row) => ({ ...rest, hasPassword: password !== '' });

/** A saved datasource with its password opened, for connecting. */
export async function loadTarget(app: FastifyInstance, db: Tx, id: string): Promise<Target & { id: string; name: string }> {
  const [row] = await db
    .select()
    .from(bladeDatasource)
    .where(and(eq(bladeDatasource.id, id), live));
  if (!row) throw new BizError('数据源不存在或已被删除');
  return { id: row.id, name: row.name, driverClass: row.driverClass, url: row.url, username: row.username, password: await openStored(app, row.password) };
}

async function openStored(app: FastifyInstance, sealed: string): Promise<string> {
  try {
    return openDatasourcePassword(await datasourceKey(app), sealed);
  } catch (e) {
    if (e instanceof SealError) throw new BizError('数据源密码无法解密(服务器的 DATASOURCE_KEY 已更换),请重新填写密码');
    throw e;
  }
}

export function datasourceRoutes(app: FastifyInstance): void {
  // The key is read once at start (generated then when DATASOURCE_KEY is unset): a save runs inside a request
  // transaction, which must not take a second pool connection. Passwords sealed under the old development key
  // are re-sealed under it.
  app.addHook('onReady', async () => {
    const n = await resealLegacyPasswords(app);
    if (n) app.log.warn({ count: n }, '数据源密码已改用新的密钥加密 (原为开发默认密钥)');
  });
  resourceRoutes(app, {
    table: bladeDatasource,
    def: datasource,
    toRecord,
    platformOnly: true,
    detailRecord: async (row) => {
      return toRecord(row);
    },
    // The input's plain password never reaches the column: this always decides what is stored.
    beforeSave: async (input, _ctx, existing) => {
      if (input.password !== undefined) return { password: seal(await datasourceKey(app), input.password) };
      if (!existing) throw new BizError('请输入密码');
      return { password: existing.password };
    },
    beforeRemove: async (ids, { db }) => {
      for (const id of ids) {
        if (await anyLive(db, bladeModel, eq(bladeModel.datasourceId, id))) throw new BizError('数据源已被数据模型使用,请先删除对应的数据模型');
      }
    },
  });

  route(
    app,
    datasourceEndpoints.select,
    async ({ db }) => {
      return db
        .select({ id: bladeDatasource.id, name: bladeDatasource.name, driverClass: bladeDatasource.driverClass })
        .from(bladeDatasource)
        .where(live)
        .orderBy(asc(bladeDatasource.name), asc(bladeDatasource.id));
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    datasourceEndpoints.test,
    async ({ db, body }) => {
      let target: Target;
      if (body.url || body.driverClass || body.username) {
        if (!body.driverClass) throw new BizError('请选择驱动类');
        if (!body.url) throw new BizError('请输入连接地址');
        if (!body.username) throw new BizError('请输入用户名');
        let password = body.password;
        if (password === undefined) {
          if (!body.id) throw new BizError('请输入密码');
          const [row] = await db
            .select({ password: bladeDatasource.password })
            .from(bladeDatasource)
            .where(and(eq(bladeDatasource.id, body.id), live));
          if (!row) throw new BizError(NOT_FOUND);
          password = await openStored(app, row.password);
        }
        target = { driverClass: body.driverClass, url: body.url, username: body.username, password };
      } else if (body.id) target = await loadTarget(app, db, body.id);
      else throw new BizError('请选择数据源或填写连接信息');
      const started = Date.now();
      const version = await withDatasource(target, app.zoo.config.allowPrivateEndpoints, (s) => s.version());
      return { version, millis: Date.now() - started };
    },
    PLATFORM_ONLY,
  );
}
