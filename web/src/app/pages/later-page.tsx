import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Static app routes that exist now but get their content in a later issue. */
export function LaterPage({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t(label)}>
      <Empty description={t('pages.later')} />
    </Card>
  );
}
