import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { feeding } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { zooFeeding } from './diet.tables';
import { feedingValues, toFeedingRecords } from './feeding.service';

/** Feeding records (饲喂记录) under the keeper log: one per planned feeding and day (decision 0046). */
export function feedingRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: zooFeeding,
    def: feeding,
    // The offline round's sync refuses the same rows (decision 0046).
    scopedWrites: true,
    defaultOrder: () => [desc(zooFeeding.feedDate), desc(zooFeeding.feedTime), desc(zooFeeding.id)],
    toRecords: toFeedingRecords,
    beforeSave: (input, { db, session }, existing) => feedingValues(db, session, input, existing),
  });
}
