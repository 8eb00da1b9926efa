import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bizAttach, type BizType, type Permission } from '@zoo/contract';
import type { Cache } from '../../../platform/cache';
import type { Tx } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { checkAccess } from '../../../platform/access/permissions';
import type { Session } from '../../../platform/auth/session';
import { mustExist } from '../../../platform/resource/guards';
import { BizError } from '../../../platform/http/errors';
import { bladeAttach } from '../../resource/resource.tables';
import { assertOwnStorageLink } from '../../resource/storage/own-link';
import { zooPermit } from '../permit/permit.tables';
import { zooAnimal, zooAnimalFlag, zooBizAttach, zooCage, zooPark, zooPopulation, zooVenue } from '../zoo.tables';

type Owned = PgTable & { id: PgColumn; isDeleted: PgColumn };

/** Each business type: the table its record lives in and the button that lets a user edit that record. */
const OWNERS: Record<BizType, { table: Owned; perm: Permission; title: string }> = {
  park: { table: zooPark, perm: 'park_edit', title: '园区' },
  venue: { table: zooVenue, perm: 'venue_edit', title: '场馆' },
  cage: { table: zooCage, perm: 'cage_edit', title: '笼舍' },
  animal: { table: zooAnimal, perm: 'animal_edit', title: '个体' },
  animal_flag: { table: zooAnimalFlag, perm: 'animal_flag', title: '个体标识' },
  population: { table: zooPopulation, perm: 'population_edit', title: '种群' },
  permit: { table: zooPermit, perm: 'permit_edit', title: '许可证' },
};

const x = zooBizAttach;

/** The last path segment of a link, as a name for links stored without one. */
function fileName(link: string): string {
  const last = link.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).slice(0, 255);
  } catch {
    return last.slice(0, 255);
  }
}

async function mayEdit(cache: Cache, db: Tx, session: Session, type: string): Promise<void> {
  const owner = OWNERS[type as BizType];
  if (owner) await checkAccess(cache, db, session, { perm: owner.perm });
}

/**
 * Attachments hang on any zoo record by (bizType, bizId). Only links and blade_attach ids are stored here; the
 * upload itself is object storage's job. The record must be the caller's zoo's, and writing needs that
 * record's edit button.
 */
export function bizAttachRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: x,
    def: bizAttach,
    beforeSave: async (input, { db, session }, existing) => {
      if (existing) await mayEdit(app.zoo.cache, db, session, existing.bizType);
      await mayEdit(app.zoo.cache, db, session, input.bizType);
      const owner = OWNERS[input.bizType];
      await mustExist(db, owner.table, input.bizId, `所选${owner.title}不存在`);
      // The file must be this zoo's: its attachment row (row-level security hides other zoos') and a link of
      // this product's storage, the attachment's own when one is named.
      if (input.attachId) {
        const [a] = await db
          .select({ link: bladeAttach.link })
          .from(bladeAttach)
          .where(and(eq(bladeAttach.id, input.attachId), eq(bladeAttach.isDeleted, 0)));
        if (!a) throw new BizError('所选附件不存在');
        if (a.link !== input.link) throw new BizError('附件链接与所选附件不符');
      }
      await assertOwnStorageLink(app, db, session.tenantId, input.link, '附件链接');
      return { originalName: input.originalName || fileName(input.link) };
    },
    beforeRemove: async (ids, { db, session }) => {
      const rows = await db
        .selectDistinct({ bizType: x.bizType })
        .from(x)
        .where(and(inArray(x.id, ids), eq(x.isDeleted, 0)));
      for (const r of rows) await mayEdit(app.zoo.cache, db, session, r.bizType);
    },
  });
}
