import type { QualityCheck, QualityRow } from '@zoo/contract';

/**
 * The screen that fixes a flagged record: list screens open searched for the record's code (their search form reads
 * it from the link), record screens open on the record.
 */
export function fixPath(check: QualityCheck, row: QualityRow): string {
  const code = encodeURIComponent(row.code);
  switch (check) {
    case 'noIdentifier':
    case 'noCage':
    case 'parentage':
      return `/zoo/animal?localNo=${code}`;
    case 'populationLedger':
      return `/animal/detail/${row.id}?type=2`;
    case 'noKeeperLog':
      return `/animal/log/${row.id}`;
    case 'cageNoSensor':
      return `/cage/humiture/${row.id}`;
    case 'permitExpiring':
      return `/zoo/permit?permitNo=${code}`;
  }
}
