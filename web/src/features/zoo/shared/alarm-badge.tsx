import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A cage's open environment alarms, on the cage list and card: red, links to the alarm list. */
export function AlarmBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!count) return null;
  return (
    <Tag color="red" data-testid="alarm-badge" style={{ cursor: 'pointer' }} onClick={() => void navigate('/zoo/alarm')}>
      {t('alarm.badge', { count })}
    </Tag>
  );
}
