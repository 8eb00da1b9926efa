import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countTitle, useDeskCounts } from './desk-queries';

/** One card per dashboard figure; a card with a menu path opens that screen. */
export function DeskCounts() {
  const { t } = useTranslation();
  const counts = useDeskCounts();
  const navigate = useNavigate();
  if (!counts.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Row gutter={[16, 16]}>
      {counts.data.map((c) => (
        <Col key={c.key} xs={12} sm={8} md={6} xl={4}>
          <Card size="small" hoverable={Boolean(c.path)} onClick={c.path ? () => void navigate(c.path) : undefined} data-testid={`desk-count-${c.key}`}>
            <Statistic title={countTitle(t, c)} value={c.count} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
