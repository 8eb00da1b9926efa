import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonthChart, SliceChart, type MonthBar, type Slice } from './stock-charts';

/** The home page's two charts (a lazy chunk with ECharts). */
export default function ZooHomeCharts({ stockByClass, movementsByMonth }: { stockByClass: Slice[]; movementsByMonth: MonthBar[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <SliceChart title={t('zooHome.stockByClass')} slices={stockByClass} kind="pie" testId="chart-home-class" />
      </Col>
      <Col xs={24} lg={14}>
        <MonthChart title={t('zooHome.movementsByMonth')} months={movementsByMonth} />
      </Col>
    </Row>
  );
}
