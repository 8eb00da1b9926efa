import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { cageBreeder } from '@zoo/contract';
import { crudRoutes } from '../../../platform/crud-routes';
import { BizError } from '../../../platform/errors';
import { bladeUser } from '../../iam/iam.tables';
import { anyLive, mustExist } from '../shared/guards';
import { cageOf, userOf } from '../shared/lookups';
import { zooCage, zooCageBreeder } from '../zoo.tables';
import { baseOut } from '../shared/record-base';

const b = zooCageBreeder;

/** Keepers assigned to cages: users of the same zoo (row-level security makes another zoo's user "missing"). */
export function cageBreederRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: b,
    def: cageBreeder,
    toRecord: async (row, ctx) => {
      const [cage, user] = await Promise.all([cageOf(ctx)(row.cageId), userOf(ctx)(row.userId)]);
      return {
        ...baseOut(row),
        cageCode: cage?.cageCode ?? '',
        cageName: cage?.cageName ?? '',
        account: user?.account ?? '',
        realName: user?.realName ?? '',
      };
    },
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooCage, input.cageId, '所选笼舍不存在');
      await mustExist(db, bladeUser, input.userId, '所选饲养员不是本园用户');
      if (await anyLive(db, b, and(eq(b.cageId, input.cageId), eq(b.userId, input.userId), existing ? ne(b.id, existing.id) : undefined)))
        throw new BizError('该饲养员已分配到此笼舍');
      return { cageId: input.cageId, userId: input.userId, remark: input.remark ?? '' };
    },
  });
}
