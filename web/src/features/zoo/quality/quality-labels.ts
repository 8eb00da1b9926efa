import { QUALITY_CHECKS, type QualityCheck } from '@zoo/contract';
import type { TFunction } from 'i18next';

/** Each check's title, with the parameter its count was made with (days without a log, days before expiry). */
export function checkLabels(t: TFunction, logDays: number, permitDays: number): Record<QualityCheck, string> {
  return Object.fromEntries(QUALITY_CHECKS.map((c) => [c, t(`quality.checks.${c}`, { n: c === 'noKeeperLog' ? logDays : permitDays })])) as Record<
    QualityCheck,
    string
  >;
}
