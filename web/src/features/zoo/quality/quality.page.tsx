import { QUALITY_CHECKS, QUALITY_LOG_DAYS, QUALITY_PERMIT_DAYS, qualityEndpoints, type QualityCheck, type QualityRow } from '@zoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, InputNumber, Progress, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActionBar } from '../../../components/row-action-bar';
import { useCan } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { checkLabels } from './quality-labels';
import { fixPath } from './quality-links';

// The trend brings ECharts in its own chunk: the counts show first.
const QualityTrend = lazy(() => import('./quality-trend'));

const initialCheck = (): QualityCheck => {
  const c = new URLSearchParams(window.location.search).get('check');
  return (QUALITY_CHECKS as readonly string[]).includes(c ?? '') ? (c as QualityCheck) : 'noIdentifier';
};

/**
 * /zoo/quality — 数据质量: each check's count from the last run (nightly or 立即检查), the selected check's current
 * offending records with a link to the screen that fixes each, and the counts of the last 30 days.
 */
export default function QualityPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [check, setCheck] = useState<QualityCheck>(initialCheck);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [params, setParams] = useState<{ logDays: number; permitDays: number } | null>(null);
  const [progress, setProgress] = useState<{ done: number; name: string } | null>(null);
  const summary = useQuery({ queryKey: ['quality', 'summary'], queryFn: () => call(qualityEndpoints.summary) });
  const s = summary.data;
  // The parameters start as the last run's, then are the user's.
  const p = params ?? { logDays: s?.logDays ?? QUALITY_LOG_DAYS, permitDays: s?.permitDays ?? QUALITY_PERMIT_DAYS };
  // The records follow the parameters as set now; the counts are the last run's, named with its parameters.
  const labels = checkLabels(t, p.logDays, p.permitDays);
  const keptLabels = checkLabels(t, s?.logDays ?? p.logDays, s?.permitDays ?? p.permitDays);
  const list = useQuery({
    queryKey: ['quality', 'list', check, page, p],
    queryFn: () => call(qualityEndpoints.list, { query: { check, ...page, ...p } }),
    enabled: Boolean(s),
  });

  /** One check per call, so that the bar moves as each is counted and kept. */
  const runAll = async () => {
    let total = 0;
    try {
      for (const [i, c] of QUALITY_CHECKS.entries()) {
        setProgress({ done: i, name: labels[c] });
        const r = await call(qualityEndpoints.run, { query: { check: c, ...p } });
        total += r.checks[0]?.count ?? 0;
      }
    } finally {
      setProgress(null);
      await client.invalidateQueries({ queryKey: ['quality'] });
    }
    // Reached only when every check ran; said once the board shows the new counts, not the previous run's.
    toast.success(t('quality.runDone', { n: total }));
  };

  const count = (c: QualityCheck) => s?.checks.find((x) => x.check === c)?.count ?? -1;
  const columns: TableColumnsType<QualityRow> = [
    { key: 'code', dataIndex: 'code', title: t('quality.code'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('quality.name'), width: 140, render: (v: string, r) => v || r.speciesName },
    { key: 'speciesName', dataIndex: 'speciesName', title: t('quality.speciesName'), width: 110 },
    { key: 'detail', title: t('quality.detail'), render: (_v, r) => <Detail check={check} row={r} /> },
    {
      key: 'action',
      title: t('quality.action'),
      width: 90,
      fixed: 'right',
      render: (_v, r) => (
        <RowActionBar
          items={[
            {
              key: 'fix',
              node: (
                <Link to={fixPath(check, r)} data-testid="quality-fix">
                  {t('quality.fix')}
                </Link>
              ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('quality.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('quality.intro')}</Typography.Paragraph>
        <Space wrap align="center">
          <Typography.Text data-testid="quality-last-run">{s?.runTime ? t('quality.lastRun', { time: s.runTime }) : t('quality.neverRun')}</Typography.Text>
          <label>
            {t('quality.logDays')}{' '}
            <InputNumber
              min={1}
              max={365}
              precision={0}
              value={p.logDays}
              suffix={t('quality.daysUnit')}
              style={{ width: 110 }}
              aria-label={t('quality.logDays')}
              onChange={(v) => v && setParams({ ...p, logDays: v })}
            />
          </label>
          <label>
            {t('quality.permitDays')}{' '}
            <InputNumber
              min={1}
              max={3650}
              precision={0}
              value={p.permitDays}
              suffix={t('quality.daysUnit')}
              style={{ width: 110 }}
              aria-label={t('quality.permitDays')}
              onChange={(v) => v && setParams({ ...p, permitDays: v })}
            />
          </label>
          {can('quality_run') ? (
            <Button type="primary" loading={Boolean(progress)} onClick={() => void runAll()} data-testid="quality-run">
              {t('quality.run')}
            </Button>
          ) : null}
        </Space>
        {progress ? (
          <div role="status" aria-live="polite" style={{ marginTop: 12 }}>
            <Progress percent={Math.round((progress.done / QUALITY_CHECKS.length) * 100)} />
            <Typography.Text type="secondary">{t('quality.running', { name: progress.name })}</Typography.Text>
          </div>
        ) : null}
      </Card>
      <Row gutter={[12, 12]}>
        {QUALITY_CHECKS.map((c) => (
          <Col key={c} xs={12} sm={8} md={6} xl={3}>
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={c === check}
              data-testid={`quality-count-${c}`}
              onClick={() => {
                setCheck(c);
                setPage((x) => ({ ...x, current: 1 }));
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setCheck(c);
                  setPage((x) => ({ ...x, current: 1 }));
                }
              }}
              style={c === check ? { borderColor: '#1677ff', boxShadow: '0 0 0 1px #1677ff' } : undefined}
            >
              <Statistic
                title={<span style={{ whiteSpace: 'normal' }}>{keptLabels[c]}</span>}
                value={count(c) < 0 ? t('quality.notChecked') : count(c)}
                valueStyle={{ color: count(c) > 0 ? '#cf1322' : count(c) === 0 ? '#389e0d' : undefined, fontSize: count(c) < 0 ? 14 : undefined }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={<span style={{ whiteSpace: 'normal' }}>{`${labels[check]} · ${t('quality.records')}`}</span>} data-testid="quality-records">
        <Typography.Paragraph type="secondary">{t(`quality.hints.${check}`)}</Typography.Paragraph>
        <Table<QualityRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t('quality.issues', { n }),
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      </Card>
      <Suspense fallback={<Spin />}>
        <QualityTrend version={s?.runTime ?? ''} labels={keptLabels} />
      </Suspense>
    </Space>
  );
}

/** What is wrong with the record, in the check's terms. */
function Detail({ check, row }: { check: QualityCheck; row: QualityRow }) {
  const { t } = useTranslation();
  switch (check) {
    case 'parentage':
      return (
        <Space size={4} wrap>
          {row.reasons.map((r) => (
            <Tag key={r} color="red">
              {t(`quality.reasons.${r}`)}
            </Tag>
          ))}
        </Space>
      );
    case 'populationLedger':
      return <span>{t('quality.stockVsLedger', { stock: row.stock, ledger: row.ledger })}</span>;
    case 'noKeeperLog':
      return (
        <Space size={4} wrap>
          <Tag>{t(`quality.kinds.${row.kind}`)}</Tag>
          <span>{row.date ? t('quality.lastLog', { date: row.date, days: row.days }) : t('quality.noLog')}</span>
        </Space>
      );
    case 'permitExpiring':
      return (
        <Space size={4} wrap>
          {row.permitKind !== '' ? <Tag>{t(`zooPermitPick.kinds.${row.permitKind}`)}</Tag> : null}
          <span>{t('quality.expires', { date: row.date, days: row.days })}</span>
        </Space>
      );
    default:
      return <span>{t(`quality.checks.${check}`, { n: '' })}</span>;
  }
}
