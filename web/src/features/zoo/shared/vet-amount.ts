/** A prescription's amount with its unit: mL for liquids, tablets for tablets (shared by the medical screens and the round). */
export function amountText(t: (k: string, o?: Record<string, unknown>) => string, amount: number | '', unit: number): string {
  if (amount === '') return '—';
  return unit === 2 ? t('vetTreatment.tablets', { amount }) : t('vetTreatment.volume', { amount });
}
