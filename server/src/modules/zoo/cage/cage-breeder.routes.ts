import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cageBreeder } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { cageOf, userOf } from '../shared/lookups';
import { zooCageBreeder } from '../place-people.tables';
import { zooCage } from '../zoo.tables';

const b = zooCageBreeder;

/** Keepers assigned to cages: users of the same zoo (row-level security makes another zoo's user "missing"). */
export function cageBreederRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: b,
    def: cageBreeder,
    toRecord: async (row, ctx) => {
      const [cage, user] = await Promise.all([cageOf(ctx)(row.cageId), userOf(ctx)(row.userId)]);
      return { ...row, cageCode: cage?.cageCode, cageName: cage?.cageName, account: user?.account, realName: user?.realName };
    },
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooCage, input.cageId, '所选笼舍不存在');
      await mustExist(db, bladeUser, input.userId, '所选饲养员不是本园用户');
      await refuseDuplicate(db, b, and(eq(b.cageId, input.cageId), eq(b.userId, input.userId))!, existing, '该饲养员已分配到此笼舍');
    },
  });
}
