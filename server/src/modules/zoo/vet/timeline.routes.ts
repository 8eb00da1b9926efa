import type { FastifyInstance } from 'fastify';
import { TIMELINE_KINDS, vetRoundEndpoints, type TimelineEntry } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { pageOf } from '../../../platform/resource/paging';
import { timelineStatement, type Row } from './timeline-statement';
import { ANIMAL_MISSING } from './vet-shared';

/**
 * An animal's merged timeline (decision 0038, third slice): every medical record of the animal, its keeper logs,
 * its stock movements and the audit rows of the animal itself, newest first, one page per call, in one statement.
 *
 * Two passes in that statement (`timeline-statement.ts`). The first finds the page's (kind, id, time): the total is
 * the sum of each kind's count, and the page is read from the nearer end of the timeline, each kind giving only its
 * first `offset + size` entries along its (tenant, animal, date) index before they are sorted together by
 * (time, id) (ids are unique across tables). The second fetches the page's own rows (≤ `size`, by primary key) for
 * their wording. Kinds travel as their index in `TIMELINE_KINDS`. Row-level security keeps another zoo's rows out;
 * the animal's existence is read alongside.
 *
 * Audit rows: every change of the animal record, and the changes and removals (not the creations: the record is
 * its own entry) of the animal's medical records, removed ones included. Those start from the zoo's changes of the
 * medical tables (`sys_audit_change_idx`, creations left out) and keep the ones whose record, read by primary key,
 * is this animal's: the work grows with the zoo's edits, not with the animal's records.
 */
export function timelineRoutes(app: FastifyInstance): void {
  route(app, vetRoundEndpoints.timeline, async ({ db, query }) => {
    const { animalId, current, size } = query;
    const res = (await db.execute(timelineStatement(animalId, current, size))) as unknown as { rows: Row[] };
    const row = res.rows[0]!;
    if (!row.found) throw new BizError(ANIMAL_MISSING);
    const records: TimelineEntry[] = row.page.map((p) => ({
      kind: TIMELINE_KINDS[p.k]!,
      id: p.id,
      at: p.at,
      title: p.title ?? '',
      detail: p.detail ?? '',
      flag: Number(p.flag ?? 0),
      subject: p.subject ?? '',
    }));
    return pageOf(records, Number(row.total), { current, size });
  });
}
