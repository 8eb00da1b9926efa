import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// Apart from log-widgets (which reads the contract's option lists): the round shows these on its first paint.
export const HEALTH_COLOURS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };
export const INTAKE_COLOURS: Record<number, string> = { 1: 'green', 2: 'gold', 3: 'red' };

export function HealthTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Tag color={HEALTH_COLOURS[value]}>{t(`basicLog.healths.${value}`)}</Tag>;
}
export function IntakeTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Tag color={INTAKE_COLOURS[value]}>{t(`basicLog.intakes.${value}`)}</Tag>;
}
