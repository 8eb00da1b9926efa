import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { hasPlaces, vetRoundEndpoints as ep, WEIGHT_KG_PLACES, WEIGHT_REF_COLUMNS, type ImportIssue } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { readSheet, readSheetUpload, sendXlsx, writeSheet, type SheetRow } from '../../../platform/excel';
import { mustExist } from '../../../platform/resource/guards';
import { zooSpecies } from '../zoo.tables';
import { zooMedWeightRef } from './round.tables';

type Key = (typeof WEIGHT_REF_COLUMNS)[number]['key'];
type Point = { row: number; ageDays: number; weightKg: number; source: string };

const MAX_AGE_DAYS = 36_500;
const MAX_KG = 100_000;

/** A row's point, or why it is refused (the limits are the form's: contract `medWeightRef`). */
function pointOf(r: SheetRow<Key>): Point | string {
  const { ageDays, weightKg, source } = r.values;
  if (!ageDays) return '日龄不能为空';
  if (!/^\d+$/.test(ageDays)) return `日龄「${ageDays}」必须是不小于0的整数`;
  const age = Number(ageDays);
  if (age > MAX_AGE_DAYS) return `日龄不能大于${MAX_AGE_DAYS}`;
  if (!weightKg) return '参考体重不能为空';
  const kg = Number(weightKg);
  if (!/^\d+(\.\d+)?$/.test(weightKg) || !Number.isFinite(kg)) return `参考体重「${weightKg}」必须是数字`;
  if (kg <= 0) return '参考体重必须大于0';
  if (kg > MAX_KG) return '参考体重过大';
  if (!hasPlaces(kg, WEIGHT_KG_PLACES)) return `参考体重最多${WEIGHT_KG_PLACES}位小数`;
  if (source.length > 200) return '来源不能超过200个字符';
  return { row: r.row, ageDays: age, weightKg: kg, source };
}

/**
 * A species' reference growth curve from a spreadsheet (decision 0038): one row per age (days from birth), its
 * weight in kg and the source. Every good row is written (an age the curve already has takes the file's weight and
 * source: the import is how a curve is corrected), every refused row is listed with its reason, all in the
 * request's transaction. The export writes the same columns, so an exported curve imports back; without a species
 * it is the blank template.
 */
export function weightRefTransferRoutes(app: FastifyInstance): void {
  const received = new WeakMap<FastifyRequest, { rows: SheetRow<Key>[] } | { error: unknown }>();
  // The file is read before the request transaction opens; its errors are thrown in the handler, after the access
  // rule (a caller without the right gets 403, not a file message).
  const before = async (req: FastifyRequest) => {
    try {
      received.set(req, { rows: await readSheet(await readSheetUpload(req), WEIGHT_REF_COLUMNS, ['ageDays', 'weightKg']) });
    } catch (error) {
      received.set(req, { error });
    }
  };

  route(
    app,
    ep.weightRefImport,
    async ({ db, query, req }) => {
      await mustExist(db, zooSpecies, query.speciesId, '所选物种不存在');
      const got = received.get(req)!;
      if ('error' in got) throw got.error;
      if (!got.rows.length) throw new BizError('导入文件没有数据行');
      const rejected: ImportIssue[] = [];
      const seen = new Map<number, number>();
      const points: Point[] = [];
      for (const r of got.rows) {
        const p = pointOf(r);
        if (typeof p === 'string') rejected.push({ row: r.row, reason: p });
        else if (seen.has(p.ageDays)) rejected.push({ row: r.row, reason: `日龄 ${p.ageDays} 与第 ${seen.get(p.ageDays)} 行重复` });
        else {
          seen.set(p.ageDays, p.row);
          points.push(p);
        }
      }
      const existing = new Map(
        (
          await db
            .select({ id: zooMedWeightRef.id, ageDays: zooMedWeightRef.ageDays })
            .from(zooMedWeightRef)
            .where(and(eq(zooMedWeightRef.speciesId, query.speciesId), eq(zooMedWeightRef.isDeleted, 0)))
            .for('update')
        ).map((r) => [r.ageDays, r.id]),
      );
      let created = 0;
      let updated = 0;
      const fresh = points.filter((p) => !existing.has(p.ageDays));
      if (fresh.length) {
        await db.insert(zooMedWeightRef).values(fresh.map((p) => ({ speciesId: query.speciesId, ageDays: p.ageDays, weightKg: p.weightKg, source: p.source })));
        created = fresh.length;
      }
      for (const p of points) {
        const id = existing.get(p.ageDays);
        if (!id) continue;
        await db.update(zooMedWeightRef).set({ weightKg: p.weightKg, source: p.source }).where(eq(zooMedWeightRef.id, id));
        updated++;
      }
      return { total: got.rows.length, created, updated, rejected: rejected.sort((a, b) => a.row - b.row) };
    },
    { before },
  );

  route(app, ep.weightRefExport, async ({ db, query, reply }) => {
    // The contract's id check refuses what is not an id (a number past bigint included); none means the template.
    const speciesId = query.speciesId ?? '';
    let name = '参考生长曲线导入模板';
    let rows: Array<Partial<Record<Key, string | number>>> = [];
    if (speciesId) {
      const species = await mustExist(db, zooSpecies, speciesId, '所选物种不存在');
      name = `参考生长曲线-${species.speciesName}`;
      rows = await db
        .select({ ageDays: zooMedWeightRef.ageDays, weightKg: zooMedWeightRef.weightKg, source: zooMedWeightRef.source })
        .from(zooMedWeightRef)
        .where(and(eq(zooMedWeightRef.speciesId, speciesId), eq(zooMedWeightRef.isDeleted, 0)))
        .orderBy(asc(zooMedWeightRef.ageDays));
    }
    return sendXlsx(reply, `${name}.xlsx`, await writeSheet('参考生长曲线', WEIGHT_REF_COLUMNS, rows)) as never;
  });
}
