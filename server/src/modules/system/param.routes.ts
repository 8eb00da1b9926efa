import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { param } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { BizError } from '../../platform/errors';
import { PARAM_CACHE } from './param.service';
import { bladeParam } from './system.tables';

export function paramRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: bladeParam,
    def: param,
    beforeSave: async (input, { db }, existing) => {
      const clash = await db
        .select({ id: bladeParam.id })
        .from(bladeParam)
        .where(and(eq(bladeParam.paramKey, input.paramKey), eq(bladeParam.isDeleted, 0), existing ? ne(bladeParam.id, existing.id) : undefined));
      if (clash.length) throw new BizError(`参数键名 ${input.paramKey} 已存在`);
      return { paramName: input.paramName, paramKey: input.paramKey, paramValue: input.paramValue, remark: input.remark ?? '' };
    },
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, PARAM_CACHE),
  });
}
