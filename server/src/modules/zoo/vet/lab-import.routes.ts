import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { LAB_IMPORT_COLUMNS, medLab, vetRoundEndpoints as ep, type ImportIssue } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { readSheet, readSheetUpload, sendXlsx, writeSheet, type SheetRow } from '../../../platform/excel';
import { today } from '../keeper/basic-log.service';
import { zooAnimal } from '../zoo.tables';
import { zooMedLab } from './vet.tables';
import { labInterval, memoIntervals } from './lab-ref';

type Key = (typeof LAB_IMPORT_COLUMNS)[number]['key'];

/** Sample types by the names a laboratory's sheet uses (dict of `LAB_SAMPLES`), or their codes. */
const SAMPLE_TYPES: Record<string, number> = { 全血: 1, '血清/血浆': 2, 血清: 2, 血浆: 2, 尿液: 3, 粪便: 4, 拭子: 5, 组织: 6, 其他: 7 };
const SAMPLE_NAMES = '全血、血清/血浆、尿液、粪便、拭子、组织、其他';
const sampleTypeOf = (v: string): number | string => SAMPLE_TYPES[v] ?? (/^[1-7]$/.test(v) ? Number(v) : v);
/** A date cell reads `yyyy-MM-dd 00:00:00`; a typed one `yyyy-MM-dd`. */
const dayOf = (v: string) => (/^\d{4}-\d{2}-\d{2} 00:00:00$/.test(v) ? v.slice(0, 10) : v);
const blank = (v: string) => (v === '' ? undefined : v);

/**
 * A batch of laboratory results from a spreadsheet (decision 0038): each row is checked by the contract's own input
 * rules for a result (`medLab.input`: its messages are the form's), the animal found by its local number among the
 * zoo's live individuals, the sample date not in the future; each good row is written with its flag against its
 * interval (its own, or its species' when the row gives none), each refused row is listed with its reason, in the request's transaction.
 */
export function labImportRoutes(app: FastifyInstance): void {
  const received = new WeakMap<FastifyRequest, { rows: SheetRow<Key>[] } | { error: unknown }>();
  const before = async (req: FastifyRequest) => {
    try {
      received.set(req, { rows: await readSheet(await readSheetUpload(req), LAB_IMPORT_COLUMNS, ['localNo', 'sampleDate', 'sampleType', 'testName']) });
    } catch (error) {
      received.set(req, { error });
    }
  };

  route(
    app,
    ep.labImport,
    async ({ db, req }) => {
      const got = received.get(req)!;
      if ('error' in got) throw got.error;
      if (!got.rows.length) throw new BizError('导入文件没有数据行');
      const numbers = [...new Set(got.rows.map((r) => r.values.localNo).filter(Boolean))];
      const animals = new Map(
        numbers.length
          ? (
              await db
                .select({ id: zooAnimal.id, localNo: zooAnimal.localNo })
                .from(zooAnimal)
                .where(and(inArray(zooAnimal.localNo, numbers), eq(zooAnimal.isDeleted, 0)))
            ).map((a) => [a.localNo, a.id])
          : [],
      );
      const day = await today(db);
      const rejected: ImportIssue[] = [];
      const rows: Array<typeof zooMedLab.$inferInsert> = [];
      const intervals = memoIntervals();
      for (const r of got.rows) {
        const v = r.values;
        const animalId = animals.get(v.localNo);
        if (!v.localNo) rejected.push({ row: r.row, reason: '本园编号不能为空' });
        else if (!animalId) rejected.push({ row: r.row, reason: `本园编号「${v.localNo}」的个体不存在` });
        else if (v.sampleType && typeof sampleTypeOf(v.sampleType) === 'string')
          rejected.push({ row: r.row, reason: `样本类型「${v.sampleType}」不正确,应为${SAMPLE_NAMES}之一` });
        else {
          const parsed = medLab.input.safeParse({
            animalId,
            sampleDate: dayOf(v.sampleDate),
            sampleType: sampleTypeOf(v.sampleType),
            testName: v.testName,
            value: blank(v.value),
            textValue: blank(v.textValue),
            unit: blank(v.unit),
            refLow: blank(v.refLow),
            refHigh: blank(v.refHigh),
            laboratory: blank(v.laboratory),
            remark: blank(v.remark),
          });
          if (!parsed.success) rejected.push({ row: r.row, reason: parsed.error.issues[0]?.message ?? '数据格式不正确' });
          else if (parsed.data.sampleDate > day) rejected.push({ row: r.row, reason: '采样日期不能晚于今天' });
          else {
            const x = parsed.data;
            rows.push({
              ...(await labInterval(db, { ...x, animalId }, undefined, intervals)),
              animalId,
              sampleDate: x.sampleDate,
              sampleType: x.sampleType,
              testName: x.testName,
              value: x.value ?? null,
              textValue: x.textValue ?? '',
              unit: x.unit ?? '',
              laboratory: x.laboratory ?? '',
              remark: x.remark ?? '',
            });
          }
        }
      }
      if (rows.length) await db.insert(zooMedLab).values(rows);
      return { total: got.rows.length, created: rows.length, rejected };
    },
    { before },
  );

  route(app, ep.labTemplate, async ({ reply }) => sendXlsx(reply, '检验结果导入模板.xlsx', await writeSheet('检验结果', LAB_IMPORT_COLUMNS, [])) as never);
}
