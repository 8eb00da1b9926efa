import { vetRoundEndpoints, type VetHome } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { UserText } from '../../../components/user-text';
import { OpenCaseDialog } from './open-case-dialog';

type Alert = VetHome['keeperAlerts'][number];

function Section<T>({ title, rows, render, testId }: { title: string; rows: T[]; render: (r: T) => ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={`${title} (${rows.length})`} data-testid={testId} style={{ height: '100%' }}>
      {rows.length ? <List size="small" dataSource={rows} renderItem={(r) => <List.Item>{render(r)}</List.Item>} /> : <Empty description={t('vetHome.none')} />}
    </Card>
  );
}

const animalLink = (id: string, name: string) => (
  <Link to={`/animal/detail/${id}`} translate="no">
    {name}
  </Link>
);

/**
 * /zoo/vet/home — 兽医工作台: what needs a vet today. Keepers' health alerts (a log marked 异常 with no case yet:
 * 开立病例 opens one that names the log), open cases, vaccinations due or overdue, quarantines ending and weight
 * alerts. Phone: one column; tablet: two.
 */
export default function VetHomePage() {
  const { t } = useTranslation();
  const canOpen = useCan('vet_case_add');
  const home = useQuery({ queryKey: ['vet', 'home'], queryFn: () => call(vetRoundEndpoints.home) });
  const [alert, setAlert] = useState<Alert | null>(null);
  const d = home.data;
  const days = (n: number) => (n < 0 ? t('vetHome.overdue', { n: -n }) : n === 0 ? t('vetHome.dueToday') : t('vetHome.inDays', { n }));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('vetHome.title')} {d ? <Typography.Text type="secondary">{t('vetHome.today', { day: d.today })}</Typography.Text> : null}
      </Typography.Title>
      {d ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Section
              title={t('vetHome.keeperAlerts')}
              testId="home-keeper-alerts"
              rows={d.keeperAlerts}
              render={(a) => (
                <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Space direction="vertical" size={0}>
                    <span>
                      {animalLink(a.animalId, a.animalName)} <Tag color="red">{a.logDate}</Tag>
                    </span>
                    <Typography.Text type="secondary">
                      <UserText>{a.remark}</UserText>{' '}
                      {a.keeperName ? (
                        <>
                          · <Trans i18nKey="vetHome.reportedBy" values={{ keeper: a.keeperName }} components={{ name: <UserText>{a.keeperName}</UserText> }} />
                        </>
                      ) : null}
                    </Typography.Text>
                  </Space>
                  {canOpen ? (
                    <Button type="primary" onClick={() => setAlert(a)}>
                      {t('vetHome.openCase')}
                    </Button>
                  ) : null}
                </Space>
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Section
              title={t('vetHome.openCases')}
              testId="home-open-cases"
              rows={d.openCases}
              render={(c) => (
                <span>
                  {animalLink(c.animalId, c.animalName)} · {c.openDate} · <UserText>{c.complaint}</UserText>{' '}
                  <Tag color={c.caseStatus === 2 ? 'blue' : 'orange'}>{t(`vetCase.states.${c.caseStatus}`)}</Tag>
                </span>
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Section
              title={t('vetHome.vaccinationsDue')}
              testId="home-vaccinations"
              rows={d.vaccinationsDue}
              render={(v) => (
                <span>
                  {animalLink(v.animalId, v.animalName)} · <UserText>{v.product}</UserText> · {v.nextDue}{' '}
                  <Tag color={v.days < 0 ? 'red' : 'gold'}>{days(v.days)}</Tag>
                </span>
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Section
              title={t('vetHome.quarantinesEnding')}
              testId="home-quarantines"
              rows={d.quarantinesEnding}
              render={(q) => (
                <span>
                  {animalLink(q.animalId, q.animalName)} · {q.endDate} <Tag color={q.days < 0 ? 'red' : 'gold'}>{days(q.days)}</Tag>
                </span>
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Section
              title={t('vetHome.weightAlerts')}
              testId="home-weight-alerts"
              rows={d.weightAlerts}
              render={(w) => (
                <span>
                  {animalLink(w.animalId, w.animalName)} · {w.weighDate} · {w.weightKg} kg <Tag color="red">{t('vetHome.change', { pct: w.changePct })}</Tag>
                </span>
              )}
            />
          </Col>
        </Row>
      ) : null}
      {alert ? (
        <OpenCaseDialog
          alert={alert}
          onClose={() => setAlert(null)}
          onDone={() => {
            setAlert(null);
            void home.refetch();
          }}
        />
      ) : null}
    </Space>
  );
}
