import type { FastifyInstance } from 'fastify';
import { dietEndpoints, type SyncResult } from '@zoo/contract';
import { hasButton } from '../../../platform/access/permissions';
import { route } from '../../../platform/http/route';
import { applyEntry, claimKeys, earlierOutcomes, settle } from './sync.service';

/**
 * POST /zoo/basicLog/sync (decision 0046): the entries a device queued offline, each with its idempotency key,
 * in the order they were made. Each is answered applied, duplicate (its key was applied before, by this or
 * another instance), conflict (both versions) or rejected (a rule's message, or a row outside the caller's data scope); one transaction for the batch.
 */
export function syncRoutes(app: FastifyInstance): void {
  route(app, dietEndpoints.sync, async (call) => {
    const { db, session } = call;
    const entries = call.body.entries;
    const claimed = await claimKeys(db, session.userId, entries);
    const earlier = await earlierOutcomes(
      db,
      entries.filter((e) => !claimed.has(e.key)).map((e) => e.key),
    );
    const canEdit = await hasButton(app.zoo.cache, db, session, 'basiclog_edit');
    const results: SyncResult[] = [];
    const done = new Set<string>();
    for (const e of entries) {
      if (!claimed.has(e.key) || done.has(e.key)) {
        const was = earlier.get(e.key) ?? results.find((r) => r.key === e.key);
        results.push({ key: e.key, status: 'duplicate', id: was?.id ?? '', rowVersion: was?.rowVersion ?? 0, msg: '' });
        continue;
      }
      done.add(e.key);
      const o = await applyEntry({ db, session, cache: app.zoo.cache }, call, e, canEdit);
      await settle(db, e.key, o);
      results.push({ key: e.key, ...o });
    }
    return { results };
  });
}
