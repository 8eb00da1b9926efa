import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Menu screens whose page has not landed yet: friendlier than a 404 while the menu lists them. */
export function BuildingPage({ name }: { name?: string }) {
  const { t } = useTranslation();
  return <Result icon={<ToolOutlined />} title={t('pages.building')} subTitle={name ? t('pages.buildingDesc', { name }) : t('pages.later')} />;
}
