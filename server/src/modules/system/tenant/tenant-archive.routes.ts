import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantArchiveEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { MALFORMED_UPLOAD } from '../../../platform/http/multipart';
import type { Db, Tx } from '../../../db/client';
import { exportTenant, TenantArchiveError, type InTransaction } from '../../../ops/tenant-export';
import { importGrantNeeded, importTenant } from '../../../ops/tenant-import';
import { PLATFORM_ONLY } from '../../tool/platform-only';

/** The uploaded archive, streamed to a temporary file (an archive can be far larger than memory should hold). */
async function receiveArchive(req: FastifyRequest, file: string): Promise<void> {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 方式上传文件 (字段 file)');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file();
    if (!part || part.fieldname !== 'file') throw new BizError('请选择要上传的文件 (字段 file)');
    await pipeline(part.file, fs.createWriteStream(file));
  } catch (e) {
    if (e instanceof BizError) throw e;
    throw new BizError(MALFORMED_UPLOAD);
  }
  if (part.file.truncated) throw new BizError('租户数据文件过大');
}

const asBiz = (e: unknown) => (e instanceof TenantArchiveError ? new BizError(e.message) : e);

/**
 * Where the work runs, once route() checked the caller: on PostgreSQL a transaction of the owner's pool of its own
 * (the export's needs repeatable read; the request's is read committed); on the embedded database the request's
 * own (cross-tenant, so the owner's): PGlite runs one transaction at a time, a second would wait for this one.
 */
const where = (app: FastifyInstance, db: Tx): Db | InTransaction => (app.zoo.database.kind === 'pglite' ? (fn) => fn(db) : app.zoo.database.db);

/**
 * 租户数据导出/导入 (decision 0053): the platform administrator's only (access `administrator`, platform tenant);
 * ops/tenant-export.ts and ops/tenant-import.ts do the work, as the `tenant:export` / `tenant:import` commands do.
 */
export function tenantArchiveRoutes(app: FastifyInstance): void {
  // What a DBA must grant for 导入数据 to work, said once at start (PGlite's one user may do anything).
  app.addHook('onReady', async () => {
    if (app.zoo.database.kind !== 'postgres') return;
    const grant = await importGrantNeeded(app.zoo.database.db).catch(() => null);
    if (grant) app.log.warn(`tenant import (导入数据) will be refused until a DBA runs: ${grant}`);
  });
  route(
    app,
    ep.export,
    async ({ query, reply, db, req }) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-dl-'));
      const file = path.join(dir, `zoo-tenant-${query.tenantId}.tar.gz`);
      try {
        const { missing } = await exportTenant(where(app, db), query.tenantId, app.zoo.config, file);
        // The archive is still made: the import reports the count, the operator finds the keys here and in the manifest.
        if (missing?.length) req.log.warn({ tenantId: query.tenantId, missing }, 'tenant export: linked objects missing from their store');
      } catch (e) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw asBiz(e);
      }
      const stream = fs.createReadStream(file);
      // Streamed from disk, then removed: the archive never sits in memory.
      stream.on('close', () => fs.rmSync(dir, { recursive: true, force: true }));
      reply.header('content-type', 'application/gzip');
      reply.header('content-disposition', `attachment; filename="${path.basename(file)}"`);
      return stream as never;
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    ep.import,
    async ({ req, db }) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-up-'));
      try {
        const file = path.join(dir, 'archive.tar.gz');
        await receiveArchive(req, file);
        return await importTenant(where(app, db), file, app.zoo.config).catch((e: unknown) => {
          throw asBiz(e);
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    PLATFORM_ONLY,
  );
}
