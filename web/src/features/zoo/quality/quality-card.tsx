import { qualityEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '@zoo/contract';
import { useSession } from '../../../lib/session';
import { call } from '../../../lib/request';
import { checkLabels } from './quality-labels';

const holds = (nodes: readonly MenuNode[]): boolean => nodes.some((n) => n.path === '/zoo/quality' || holds(n.children ?? []));

/** The zoo home's 数据质量 card: the last run's issues by check, opening the board (only for holders of the menu). */
export function QualityCard() {
  // The menu (not a button: the permission map holds buttons only) decides, as it decides the route.
  const menu = useSession((s) => s.menu);
  return holds(menu) ? <QualityCardBody /> : null;
}

function QualityCardBody() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useQuery({ queryKey: ['quality', 'summary'], queryFn: () => call(qualityEndpoints.summary), staleTime: 30_000 });
  const s = summary.data;
  const labels = s ? checkLabels(t, s.logDays, s.permitDays) : undefined;
  const found = s?.checks.filter((c) => c.count > 0) ?? [];
  const total = found.reduce((n, c) => n + c.count, 0);
  return (
    <Card
      size="small"
      loading={!s}
      title={t('quality.title')}
      extra={<Typography.Link onClick={() => void navigate('/zoo/quality')}>{t('quality.openBoard')}</Typography.Link>}
      data-testid="home-quality"
    >
      {s && !s.runTime ? <Typography.Text type="secondary">{t('quality.neverRun')}</Typography.Text> : null}
      {s?.runTime && !found.length ? <Typography.Text type="success">{t('quality.allClear')}</Typography.Text> : null}
      {found.length ? (
        <List
          size="small"
          header={<Typography.Text strong>{t('quality.issues', { n: total })}</Typography.Text>}
          dataSource={found}
          renderItem={(c) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => void navigate(`/zoo/quality?check=${c.check}`)}>
              <span>{labels![c.check]}</span>
              <Badge count={c.count} overflowCount={9999} />
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
