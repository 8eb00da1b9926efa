import { DEVICE_KEY_HEADER, humitureEndpoints, type DataOf } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Modal, Row, Segmented, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { HumitureChart } from './humiture-chart';

type Range = 'day' | 'week' | 'month';
type Device = DataOf<typeof humitureEndpoints.device>[number];
const fmt = (v: number | '', unit: string) => (v === '' ? '—' : `${v}${unit}`);

/** Sensor keys of the cage: generate (shown once), revoke; who holds the button `cage_humiture`. */
function DeviceKeys({ cageId }: { cageId: string }) {
  const { t } = useTranslation();
  // Refreshed now and then: the last reading moves while sensors post.
  const devices = useQuery({
    queryKey: ['humiture-devices', cageId],
    queryFn: () => call(humitureEndpoints.device, { query: { cageId } }),
    refetchInterval: 60_000,
  });
  const [shown, setShown] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const live = (devices.data ?? []).some((d) => d.live);
  const generate = () =>
    void run(async () => {
      const r = await call(humitureEndpoints.generate, { query: { cageId } });
      setShown(r.key);
      void devices.refetch();
    });
  const revoke = () =>
    confirm({
      title: t('humiture.revoke'),
      content: t('humiture.revokeConfirm'),
      onOk: async () => {
        await call(humitureEndpoints.revoke, { query: { cageId } });
        toast.success(t('grant.success'));
        void devices.refetch();
      },
    });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Card
      size="small"
      title={t('humiture.devices')}
      extra={
        <Space>
          <Button type="primary" loading={busy} onClick={generate}>
            {live ? t('humiture.regenerate') : t('humiture.generate')}
          </Button>
          {live ? (
            <Button danger onClick={revoke}>
              {t('humiture.revoke')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Table<Device>
        size="small"
        rowKey="keyId"
        pagination={false}
        loading={devices.isFetching}
        dataSource={devices.data ?? []}
        locale={{ emptyText: t('humiture.noKeys') }}
        columns={[
          { key: 'keyId', dataIndex: 'keyId', title: t('humiture.keyId'), render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            key: 'state',
            dataIndex: 'live',
            title: t('humiture.state'),
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">{t('humiture.live')}</Tag> : <Tag>{t('humiture.revoked')}</Tag>),
          },
          { key: 'createTime', dataIndex: 'createTime', title: t('humiture.createTime'), width: 170 },
          { key: 'revokeTime', dataIndex: 'revokeTime', title: t('humiture.revokeTime'), width: 170 },
          { key: 'lastReading', dataIndex: 'lastReading', title: t('humiture.lastReading'), width: 170 },
        ]}
      />
      {shown ? (
        <Modal
          open
          title={t('humiture.keyTitle')}
          width={720}
          onCancel={() => setShown(null)}
          footer={<Button onClick={() => setShown(null)}>{t('crud.close')}</Button>}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('humiture.keyOnce')} />
            <Typography.Paragraph copyable={{ text: shown }} code data-testid="device-key">
              {shown}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('humiture.howTo')}</Typography.Text>
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap' }}>
              {`curl -X POST ${origin}/api${humitureEndpoints.ingest.path} \\\n  -H '${DEVICE_KEY_HEADER}: ${shown}' -H 'Content-Type: application/json' \\\n  -d '{"readings":[{"temperature":21.5,"humidity":55}]}'`}
            </Typography.Paragraph>
          </Space>
        </Modal>
      ) : null}
    </Card>
  );
}

/** /cage/humiture/:cageId — temperature and humidity history against the comfort band of the species held. */
export default function HumiturePage() {
  const { t } = useTranslation();
  const { cageId = '' } = useParams();
  const [range, setRange] = useState<Range>('day');
  const canKeys = useCan('cage_humiture');
  const q = useQuery({
    queryKey: ['humiture', cageId, range],
    queryFn: () => call(humitureEndpoints.history, { query: { cageId, range } }),
    enabled: Boolean(cageId),
  });
  const h = q.data;
  const c = h?.comfort;
  const band = (lo: number | '', hi: number | '', unit: string) => `${fmt(lo, unit)} ~ ${fmt(hi, unit)}`;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{t('humiture.title')}</span>
            {h ? <Typography.Text strong>{h.cageName}</Typography.Text> : null}
            {h?.speciesNames.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </Space>
        }
        extra={
          <Segmented<Range>
            value={range}
            onChange={setRange}
            options={[
              { value: 'day', label: t('humiture.day') },
              { value: 'week', label: t('humiture.week') },
              { value: 'month', label: t('humiture.month') },
            ]}
          />
        }
      >
        <Spin spinning={q.isFetching}>
          {h && c ? (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              {!h.speciesNames.length ? (
                <Alert type="info" message={t('humiture.noSpecies')} />
              ) : c.tempMin === '' && c.tempMax === '' && c.humidityMin === '' && c.humidityMax === '' ? (
                <Alert type="info" message={t('humiture.noComfort')} />
              ) : (
                <Typography.Text data-testid="comfort">
                  {t('humiture.comfort')}: {band(c.tempMin, c.tempMax, '℃')} · {band(c.humidityMin, c.humidityMax, '%')}
                </Typography.Text>
              )}
              <Row gutter={[16, 8]}>
                <Col xs={12} md={6}>
                  <Statistic
                    title={`${t('humiture.temperature')} ${t('humiture.min')} / ${t('humiture.max')}`}
                    value={`${fmt(h.summary.tempMin, '')} / ${fmt(h.summary.tempMax, '')}`}
                  />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic
                    title={`${t('humiture.humidity')} ${t('humiture.min')} / ${t('humiture.max')}`}
                    value={`${fmt(h.summary.humidityMin, '')} / ${fmt(h.summary.humidityMax, '')}`}
                  />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={`${t('humiture.mean')} ℃ / %`} value={`${fmt(h.summary.tempMean, '')} / ${fmt(h.summary.humidityMean, '')}`} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic
                    title={`${t('humiture.breaches')} / ${t('humiture.readings')}`}
                    value={`${h.summary.breaches} / ${h.summary.count}`}
                    valueStyle={h.summary.breaches ? { color: '#cf1322' } : undefined}
                    data-testid="breaches"
                  />
                </Col>
              </Row>
              {h.buckets.length ? (
                <>
                  <HumitureChart history={h} kind="temp" testId="chart-temp" />
                  <HumitureChart history={h} kind="humidity" testId="chart-humidity" />
                </>
              ) : (
                <Empty description={t('humiture.empty')} />
              )}
            </Space>
          ) : null}
        </Spin>
      </Card>
      {canKeys && cageId ? <DeviceKeys cageId={cageId} /> : null}
    </Space>
  );
}
