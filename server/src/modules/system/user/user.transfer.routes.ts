import type { FastifyInstance } from 'fastify';
import { and, asc, desc } from 'drizzle-orm';
import { userEndpoints } from '@zoo/contract';
import { hashPlain } from '../../../platform/auth/password';
import { listDataScope } from '../../../platform/resource/resource-routes';
import { readSheet, readSheetUpload, sendXlsx, writeSheet } from '../../../platform/excel';
import { readImport, startImport } from '../../../platform/import/import-job';
import { route } from '../../../platform/http/route';
import { isPlatformAdministrator } from '../../../platform/auth/session';
import { getParam } from '../../../platform/param/param';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { planUserImport, USER_SHEET, USER_SHEET_REQUIRED, writeUserRow } from './user.transfer';
import { USER_RESOURCE, userConditions, userVOs } from './user.vo';

const EXPORT_LIMIT = 100_000;
const SHEET_NAME = { zh: '用户', en: 'Users' };

/**
 * xlsx import and export of users. An import answers at once with the rows refused by validation and a job
 * id; the valid rows are written in the background and `import-progress` (any instance) follows the job.
 * New users get the password of param `account.initPassword`.
 */
export function userTransferRoutes(app: FastifyInstance): void {
  route(app, userEndpoints.importFile, async (call) => {
    const { db, session, query, req } = call;
    const sheet = await readSheet(await readSheetUpload(req), USER_SHEET, USER_SHEET_REQUIRED);
    const covered = query.isCovered === 1;
    const actor = { cache: app.zoo.cache, session };
    const plan = await planUserImport(db, sheet, { ownTenant: session.tenantId, platform: isPlatformAdministrator(session), covered, actor });
    const passwordHash = await hashPlain(await getParam(app, 'account.initPassword', '123456', db));
    return startImport(app, call, {
      kind: 'user',
      total: sheet.length,
      ...plan,
      write: (tx, item) => writeUserRow(tx, item, covered, passwordHash, actor),
    });
  });

  route(app, userEndpoints.importProgress, async ({ db, session, query }) => readImport(db, session, 'user', query.jobId));

  route(app, userEndpoints.exportFile, async (call) => {
    const { db, query, reply } = call;
    const where = and(userConditions(query), await listDataScope(call, USER_RESOURCE));
    const rows = await db.select().from(bladeUser).where(where).orderBy(asc(bladeUser.tenantId), desc(bladeUser.id)).limit(EXPORT_LIMIT);
    const data = (await userVOs(db, rows)).map((u) => ({ ...u, birthday: (u.birthday ?? '').slice(0, 10) }));
    return sendXlsx(reply, { zh: '用户数据.xlsx', en: 'Users.xlsx' }, await writeSheet(SHEET_NAME, USER_SHEET, data)) as never;
  });

  route(
    app,
    userEndpoints.exportTemplate,
    async ({ reply }) => sendXlsx(reply, { zh: '用户导入模板.xlsx', en: 'User import template.xlsx' }, await writeSheet(SHEET_NAME, USER_SHEET, [])) as never,
  );
}
