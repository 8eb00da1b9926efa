import type { z } from 'zod';
import type { TransferRecord } from '@zoo/contract';
import type { Wire } from '../../../platform/http/route';
import { speciesOf, type LookupCtx } from '../shared/lookups';
import type { zooTransferLog } from './transfer.tables';

type Row = typeof zooTransferLog.$inferSelect;

/**
 * Rows → records. Only what both zoos may see: the row itself (names copied at proposal) and the platform-wide
 * species; the other zoo's registry is never read.
 */
export async function transferRecords(rows: Row[], c: LookupCtx & { session: { tenantId: string } }): Promise<Array<Wire<z.output<typeof TransferRecord>>>> {
  const out = [];
  for (const r of rows) {
    const sp = await speciesOf(c)(r.speciesId);
    out.push({ ...r, direction: r.tenantId === c.session.tenantId ? 'out' : 'in', speciesName: sp?.speciesName ?? '' });
  }
  return out as never;
}
