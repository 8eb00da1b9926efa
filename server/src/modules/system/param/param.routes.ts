import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { param } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { PARAM_CACHE } from '../../../platform/param/param';
import { bladeParam } from '../../../platform/param/param.tables';

export function paramRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeParam,
    def: param,
    beforeSave: (input, { db }, existing) =>
      refuseDuplicate(db, bladeParam, eq(bladeParam.paramKey, input.paramKey), existing, `参数键名 ${input.paramKey} 已存在`),
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, PARAM_CACHE),
  });
}
