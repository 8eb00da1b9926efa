import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ImportIssue, ImportJob } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { BizError } from '../http/errors';
import { localizeMessage } from '../i18n/messages';
import { currentLanguage } from '../i18n/request-language';
import type { AuthedCall } from '../http/route';
import type { Session } from '../auth/session';
import { inTenant, type TxScope } from '../tenancy/tenant-tx';
import { sysImportJob } from './import.tables';

export interface ImportPlan<T> {
  kind: string;
  /** Data rows in the file. */
  total: number;
  /** Rows refused before writing (bad values, unknown names, duplicates…). */
  rejected: ImportIssue[];
  /** Rows to write, in order. */
  rows: Array<{ row: number; item: T }>;
  /** Writes one row inside its own savepoint; a BizError rejects just that row. */
  write: (tx: Tx, item: T) => Promise<void>;
  batchSize?: number;
}

const MAX_ISSUES = 1000;
/** A running job whose row has not moved for this long belongs to an instance that went away. */
const STALE_MINUTES = 10;

type JobRow = typeof sysImportJob.$inferSelect;
const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;
const summary = (ok: number, bad: number) => `导入完成: 成功 ${ok} 条, 失败 ${bad} 条`;

/** The job as the caller reads it: its summary and each row's reason are stored in Chinese, answered in the request's language (decision 0049). */
const toJob = (r: JobRow, stale = false): ImportJob => {
  const lang = currentLanguage();
  return {
    jobId: r.id,
    status: stale && r.state === 'running' ? 'failed' : (r.state as ImportJob['status']),
    total: r.total,
    processed: r.processed,
    succeeded: r.succeeded,
    failed: r.failed,
    errors: lang === 'zh' ? r.errors : r.errors.map((e) => ({ ...e, reason: localizeMessage(e.reason, lang) })),
    msg: localizeMessage(stale && r.state === 'running' ? '导入任务已中断,请重新导入' : r.msg, lang),
  };
};

/**
 * Records the job in the request transaction and, once that commits, writes the valid rows in the background,
 * batch by batch; each batch commits its rows together with the job's progress, so any instance reports it.
 */
export async function startImport<T>(
  app: FastifyInstance,
  call: Pick<AuthedCall<unknown, unknown>, 'db' | 'session' | 'afterCommit'>,
  plan: ImportPlan<T>,
): Promise<ImportJob> {
  const { session } = call;
  const scope: TxScope = { tenantId: session.tenantId, userId: session.userId, deptId: session.deptId };
  const errors = [...plan.rejected].sort(byRow);
  const done = plan.rows.length === 0;
  const [job] = await call.db
    .insert(sysImportJob)
    .values({
      kind: plan.kind,
      total: plan.total,
      processed: errors.length,
      failed: errors.length,
      errors: errors.slice(0, MAX_ISSUES),
      state: done ? 'finished' : 'running',
      msg: done ? summary(0, errors.length) : '导入中',
      createUser: session.userId,
    })
    .returning();
  if (!done) call.afterCommit(() => app.zoo.jobs.run(`import:${plan.kind}:${job!.id}`, () => runBatches(app, scope, job!, plan, errors)));
  return toJob(job!);
}

async function runBatches<T>(app: FastifyInstance, scope: TxScope, job: JobRow, plan: ImportPlan<T>, errors: ImportIssue[]): Promise<void> {
  const size = plan.batchSize ?? 50;
  const c = { processed: job.processed, succeeded: 0, failed: job.failed };
  try {
    for (let i = 0; i < plan.rows.length; i += size) {
      const last = i + size >= plan.rows.length;
      await inTenant(app.zoo.database.db, scope, async (tx) => {
        for (const r of plan.rows.slice(i, i + size)) {
          try {
            await tx.transaction((sp) => plan.write(sp as Tx, r.item));
            c.succeeded++;
          } catch (e) {
            if (!(e instanceof BizError)) app.log.warn({ err: e, job: job.id, row: r.row }, 'import row failed');
            c.failed++;
            errors.push({ row: r.row, reason: e instanceof BizError ? e.message : '数据写入失败' });
          }
          c.processed++;
        }
        errors.sort(byRow);
        await tx
          .update(sysImportJob)
          .set({
            ...c,
            errors: errors.slice(0, MAX_ISSUES),
            state: last ? 'finished' : 'running',
            msg: last ? summary(c.succeeded, c.failed) : '导入中',
            updateTime: sql`localtimestamp(0)` as never,
          })
          .where(eq(sysImportJob.id, job.id));
      });
    }
  } catch (e) {
    await inTenant(app.zoo.database.db, scope, (tx) =>
      tx
        .update(sysImportJob)
        .set({ state: 'failed', msg: '导入失败: 服务器异常,已导入的批次保留', updateTime: sql`localtimestamp(0)` as never })
        .where(eq(sysImportJob.id, job.id)),
    );
    throw e;
  }
}

/** A job of the caller (same tenant by row-level security, same user), as the progress endpoints report it. */
export async function readImport(db: Tx, session: Session, kind: string, jobId: string): Promise<ImportJob> {
  const [row] = await db
    .select({ job: sysImportJob, stale: sql<boolean>`${sysImportJob.updateTime} < localtimestamp(0) - make_interval(mins => ${STALE_MINUTES})` })
    .from(sysImportJob)
    .where(and(eq(sysImportJob.id, jobId), eq(sysImportJob.kind, kind), eq(sysImportJob.createUser, session.userId)));
  if (!row) throw new BizError('导入任务不存在');
  return toJob(row.job, row.stale);
}
