import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { code, codeEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { NOT_FOUND, resourceRoutes } from '../../../platform/resource/resource-routes';
import { mustExist } from '../../../platform/resource/guards';
import { bladeCode, bladeModel } from '../tool.tables';
import { PLATFORM_ONLY } from '../platform-only';
import { findModel, proposedPrototypes, savedPrototypes } from '../model/model.routes';
import { generateModule } from './generate';

type CodeRow = typeof bladeCode.$inferSelect;
const liveCode = eq(bladeCode.isDeleted, 0);

async function withModelNames(db: Tx, rows: CodeRow[]) {
  const ids = [...new Set(rows.map((r) => r.modelId))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: bladeModel.id, name: bladeModel.modelName }).from(bladeModel).where(inArray(bladeModel.id, ids))).map((r) => [r.id, r.name])
      : [],
  );
  return rows.map((r) => ({ ...r, modelName: names.get(r.modelId) ?? '' }));
}

/** The zip of the rows' modules: one module per row, paths relative to the repository root. */
async function buildZip(app: FastifyInstance, db: Tx, ids: string[]): Promise<{ zip: Uint8Array; files: string[] }> {
  const rows = await db
    .select()
    .from(bladeCode)
    .where(and(inArray(bladeCode.id, ids), liveCode));
  if (rows.length !== new Set(ids).size) throw new BizError(NOT_FOUND);
  const entries: Record<string, Uint8Array> = {};
  for (const row of rows) {
    const m = await findModel(db, row.modelId);
    const saved = await savedPrototypes(db, m.id);
    const protos = saved.length ? saved : await proposedPrototypes(app, db, m);
    const mod = generateModule(row, protos);
    for (const [name, text] of Object.entries(mod.files)) {
      if (entries[name]) throw new BizError(`生成的文件 ${name} 重名,请检查各配置的模块名和实体名`);
      entries[name] = strToU8(text);
    }
  }
  const files = Object.keys(entries).sort();
  return { zip: zipSync(entries, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') }), files };
}

const zipName = (ids: string[]) => `code-${ids.join('-').slice(0, 120)}.zip`;

export function codeRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeCode,
    def: code,
    toRecords: async (rows, { db }) => withModelNames(db, rows),
    platformOnly: true,
    detailRecord: async (row, { db }) => {
      return (await withModelNames(db, [row]))[0]!;
    },
    beforeSave: async (input, { db }) => {
      await mustExist(db, bladeModel, input.modelId, '数据模型不存在或已被删除');
    },
  });

  route(
    app,
    codeEndpoints.copy,
    async ({ db, query }) => {
      const [row] = await db
        .select()
        .from(bladeCode)
        .where(and(eq(bladeCode.id, query.id), liveCode));
      if (!row) throw new BizError(NOT_FOUND);
      const { id: _id, createUser: _cu, createDept: _cd, createTime: _ct, updateUser: _uu, updateTime: _ut, ...rest } = row;
      const [copy] = await db
        .insert(bladeCode)
        .values({ ...rest, codeName: `${row.codeName}(副本)`.slice(0, 50) })
        .returning({ id: bladeCode.id });
      return { id: copy!.id };
    },
    PLATFORM_ONLY,
  );

  // Generates and checks every row (the catalog is read now); the zip itself comes from `download`, which
  // generates again from the same rows, so no instance has to keep a file for another.
  route(
    app,
    codeEndpoints.genCode,
    async ({ db, query }) => {
      const { zip, files } = await buildZip(app, db, query.ids);
      let saved = '';
      const dir = app.zoo.config.codegenDir;
      if (dir) {
        // The name is built from ids (digits) only: it cannot leave the configured directory.
        saved = zipName(query.ids);
        const target = path.join(dir, saved);
        if (path.dirname(target) !== path.resolve(dir)) throw new BizError('输出目录配置不正确');
        await mkdir(dir, { recursive: true });
        await writeFile(target, zip);
      }
      const download = `/blade-develop/code/download?ids=${query.ids.join(',')}&system=${query.system}`;
      return { files, download, saved };
    },
    PLATFORM_ONLY,
  );

  route(
    app,
    codeEndpoints.download,
    async ({ db, query, reply }) => {
      const { zip } = await buildZip(app, db, query.ids);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${zipName(query.ids)}"`);
      return Buffer.from(zip) as never;
    },
    PLATFORM_ONLY,
  );
}
