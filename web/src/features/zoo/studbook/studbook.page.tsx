import { studbookEndpoints as ep, type DataOf } from '@zoo/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RowActionBar } from '../../../components/row-action-bar';
import { useCan } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { download } from '../../../lib/request/transfer';
import { StudbookImportDialog } from './studbook-import';
import { isPlatformAdmin, KeepersButton, KeepersDialog, NumberDialog } from './studbook-rights';

// ECharts comes in its own chunk with the first chart.
const Charts = {
  Pedigree: lazy(() => import('./studbook-charts').then((m) => ({ default: m.PedigreeChart }))),
  Heatmap: lazy(() => import('./studbook-charts').then((m) => ({ default: m.KinshipHeatmap }))),
  Trend: lazy(() => import('./studbook-charts').then((m) => ({ default: m.TrendChart }))),
};

type Rec = DataOf<typeof ep.list>['records'][number];
type Pair = DataOf<typeof ep.pairs>['records'][number];

const fix = (v: number, d = 4) => (v < 0 ? '—' : v.toFixed(d));
const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;

/**
 * /zoo/studbook 谱系管理 (decision 0037): a species' studbook across zoos — figures (GD, FGE, mean F/MK), the table
 * (F, MK, rank, % known, holder), pedigree chart, pairing advice with its filters, kinship heatmap, GD/FGE over time
 * and a what-if dialog. Other zoos' animals appear only as pedigree facts, and only to studbook keepers.
 */
export default function StudbookPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const canSnapshot = useCan('studbook_snapshot');
  const canExport = useCan('studbook_export');
  const species = useQuery({ queryKey: ['studbook', 'species'], queryFn: () => call(ep.species) });
  const [speciesId, setSpeciesId] = useState<string | undefined>(search.get('speciesId') ?? undefined);
  useEffect(() => {
    if (!speciesId && species.data?.length) setSpeciesId(species.data[0]!.speciesId);
  }, [species.data, speciesId]);
  const [tab, setTab] = useState('table');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const [onlyLiving, setOnlyLiving] = useState(false);
  const [pairFilter, setPairFilter] = useState<{ generations: number; maxF: number; minAge: number }>({ generations: 3, maxF: 0.0625, minAge: 2 });
  const [pairPage, setPairPage] = useState({ current: 1, size: 10 });
  const [pedigreeOf, setPedigreeOf] = useState<{ id: string; name: string } | undefined>(() => {
    const a = search.get('animal');
    return a ? { id: a, name: a } : undefined;
  });
  const [gens, setGens] = useState(4);
  const [whatIf, setWhatIf] = useState(false);
  const [importing, setImporting] = useState(false);
  const [keepersOpen, setKeepersOpen] = useState(false);
  const [numberOf, setNumberOf] = useState<{ id: string; label: string; no: string } | undefined>();
  const sp = speciesId ?? '';

  const summary = useQuery({ queryKey: ['studbook', 'summary', sp], queryFn: () => call(ep.summary, { query: { speciesId: sp } }), enabled: !!speciesId });
  const list = useQuery({
    queryKey: ['studbook', 'list', sp, page, keyword, onlyLiving],
    queryFn: () => call(ep.list, { query: { speciesId: sp, ...page, keyword: keyword || undefined, alive: onlyLiving ? '1' : undefined } }),
    enabled: !!speciesId,
    placeholderData: keepPreviousData,
  });
  const pairs = useQuery({
    queryKey: ['studbook', 'pairs', sp, pairFilter, pairPage],
    queryFn: () => call(ep.pairs, { query: { speciesId: sp, ...pairFilter, ...pairPage } }),
    enabled: !!speciesId && tab === 'pairs',
    placeholderData: keepPreviousData,
  });
  const heatmap = useQuery({
    queryKey: ['studbook', 'heatmap', sp],
    queryFn: () => call(ep.heatmap, { query: { speciesId: sp, limit: 30 } }),
    enabled: !!speciesId && tab === 'heatmap',
  });
  const snapshots = useQuery({
    queryKey: ['studbook', 'snapshots', sp],
    queryFn: () => call(ep.snapshots, { query: { speciesId: sp } }),
    enabled: !!speciesId && tab === 'trend',
  });
  const pedigree = useQuery({
    queryKey: ['studbook', 'pedigree', pedigreeOf?.id, gens],
    queryFn: () => call(ep.pedigree, { query: { id: pedigreeOf!.id, generations: gens } }),
    enabled: !!pedigreeOf,
  });

  const pickSpecies = (v: string) => {
    setSpeciesId(v);
    setPage({ current: 1, size: page.size });
    setPairPage({ current: 1, size: pairPage.size });
    setSearch({ speciesId: v }, { replace: true });
  };

  // The figures a curator reads first (F, MK, % known) sit next to the animal; facts follow.
  const columns: ColumnsType<Rec> = [
    { title: t('studbook.col.rank'), dataIndex: 'rank', width: 76, render: (v: number) => (v ? v : '—') },
    { title: t('studbook.col.studbookNo'), dataIndex: 'studbookNo', width: 76 },
    { title: t('studbook.col.animal'), dataIndex: 'label', width: 150 },
    { title: t('studbook.col.f'), dataIndex: 'f', width: 76, align: 'right', render: (v: number) => fix(v) },
    { title: t('studbook.col.mk'), dataIndex: 'mk', width: 76, align: 'right', render: (v: number) => fix(v) },
    { title: t('studbook.col.known'), dataIndex: 'known', width: 84, align: 'right', render: pct },
    { title: t('studbook.col.sex'), dataIndex: 'sex', width: 56, render: (v: number) => t(`studbook.sexName.${v}`) },
    { title: t('studbook.col.birthDate'), dataIndex: 'birthDate', width: 104, render: (v: string) => v.slice(0, 10) },
    {
      title: t('studbook.col.alive'),
      dataIndex: 'alive',
      width: 64,
      render: (v: boolean) => (v ? <Tag color="green">{t('studbook.yes')}</Tag> : <Tag>{t('studbook.no')}</Tag>),
    },
    { title: t('studbook.col.holder'), dataIndex: 'holderTenantName', width: 110, ellipsis: true },
    { title: t('studbook.col.sire'), dataIndex: 'sire', width: 120, ellipsis: true },
    { title: t('studbook.col.dam'), dataIndex: 'dam', width: 120, ellipsis: true },
    {
      title: t('studbook.col.action'),
      key: 'action',
      fixed: 'right',
      width: summary.data?.reader ? 190 : 90,
      // The shared row bar (three at most, the rest under 更多): 谱系 is what a reader opens most.
      render: (_v, r) => (
        <RowActionBar
          items={[
            {
              key: 'pedigree',
              node: (
                <Button type="link" size="small" onClick={() => setPedigreeOf({ id: r.animalId, name: r.label })} data-testid={`pedigree-${r.animalId}`}>
                  {t('studbook.pedigree')}
                </Button>
              ),
            },
            ...(summary.data?.reader
              ? [
                  {
                    key: 'number',
                    node: (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setNumberOf({ id: r.animalId, label: r.label, no: r.studbookNo })}
                        data-testid={`number-${r.animalId}`}
                      >
                        {t('studbook.number.button')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];
  const pairColumns: ColumnsType<Pair> = [
    { title: '#', dataIndex: 'rank', width: 56 },
    { title: t('studbook.col.sireLabel'), dataIndex: 'sireLabel', width: 150 },
    { title: t('studbook.col.damLabel'), dataIndex: 'damLabel', width: 150 },
    { title: t('studbook.col.mkSum'), dataIndex: 'mkSum', width: 90, align: 'right', render: (v: number) => fix(v) },
    { title: t('studbook.col.offspringF'), dataIndex: 'offspringF', width: 90, align: 'right', render: (v: number) => fix(v) },
    { title: t('studbook.col.reason'), dataIndex: 'reason' },
  ];
  const s = summary.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>{t('studbook.species')}</span>
          <Select
            style={{ minWidth: 220 }}
            placeholder={t('studbook.pickSpecies')}
            value={speciesId}
            loading={species.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(species.data ?? []).map((x) => ({ label: `${x.speciesName} ${x.latinName}`, value: x.speciesId }))}
            onChange={pickSpecies}
            aria-label={t('studbook.species')}
            data-testid="studbook-species"
          />
          <Button onClick={() => setWhatIf(true)} disabled={!speciesId} data-testid="studbook-whatif">
            {t('studbook.whatIf')}
          </Button>
          {canSnapshot && s?.reader ? (
            <Button
              onClick={async () => {
                await call(ep.snapshot, { query: { speciesId: sp } });
                toast.success(t('studbook.snapshotDone'));
                void qc.invalidateQueries({ queryKey: ['studbook', 'snapshots', sp] });
              }}
              data-testid="studbook-snapshot"
            >
              {t('studbook.snapshot')}
            </Button>
          ) : null}
          {speciesId && isPlatformAdmin() ? <KeepersButton onClick={() => setKeepersOpen(true)} /> : null}
          {s?.reader ? (
            <Button onClick={() => setImporting(true)} data-testid="studbook-import">
              {t('studbook.importBtn')}
            </Button>
          ) : null}
          {canExport && s?.reader ? (
            <>
              <Button onClick={() => download(ep.export, { speciesId: sp, format: 'csv' })}>{t('studbook.export')}</Button>
              <Button onClick={() => download(ep.export, { speciesId: sp, format: 'xlsx' })}>{t('studbook.exportXlsx')}</Button>
            </>
          ) : null}
        </Space>
      </Card>
      {keepersOpen && speciesId ? (
        <KeepersDialog
          speciesId={speciesId}
          speciesName={species.data?.find((x) => x.speciesId === speciesId)?.speciesName ?? ''}
          onClose={() => setKeepersOpen(false)}
        />
      ) : null}
      {numberOf && speciesId ? (
        <NumberDialog
          speciesId={speciesId}
          animal={numberOf}
          onClose={() => setNumberOf(undefined)}
          onDone={() => void qc.invalidateQueries({ queryKey: ['studbook'] })}
        />
      ) : null}
      {importing && speciesId ? (
        <StudbookImportDialog speciesId={speciesId} onClose={() => setImporting(false)} onDone={() => void qc.invalidateQueries({ queryKey: ['studbook'] })} />
      ) : null}
      {species.data && !species.data.length ? <Alert type="info" showIcon message={t('studbook.noSpecies')} /> : null}
      {s && !s.reader ? <Alert type="info" showIcon message={t('studbook.ownOnly')} /> : null}
      {s ? (
        <Row gutter={[12, 12]} data-testid="studbook-summary">
          {(
            [
              ['living', s.living, 0],
              ['founders', s.founders, 0],
              ['gd', s.gd, 4],
              ['fge', s.fge, 2],
              ['meanF', s.meanF, 4],
              ['meanMk', s.meanMk, 4],
            ] as const
          ).map(([k, v, d]) => (
            <Col key={k} xs={12} sm={8} lg={4}>
              <Card size="small" data-testid={`studbook-${k}`}>
                <Statistic title={t(`studbook.${k}`)} value={v} precision={d} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'table',
              label: t('studbook.tabs.table'),
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Space wrap>
                    <Input.Search
                      allowClear
                      placeholder={t('studbook.keyword')}
                      style={{ width: 240 }}
                      onSearch={(v) => {
                        setKeyword(v);
                        setPage((p) => ({ ...p, current: 1 }));
                      }}
                    />
                    <Switch checked={onlyLiving} onChange={setOnlyLiving} aria-label={t('studbook.onlyLiving')} /> {t('studbook.onlyLiving')}
                  </Space>
                  <Table<Rec>
                    size="small"
                    rowKey="animalId"
                    loading={list.isFetching}
                    columns={columns}
                    dataSource={list.data?.records ?? []}
                    scroll={{ x: 1200 }}
                    data-testid="studbook-table"
                    pagination={{
                      current: page.current,
                      pageSize: page.size,
                      total: list.data?.total ?? 0,
                      showSizeChanger: true,
                      onChange: (current, size) => setPage({ current, size }),
                    }}
                  />
                </Space>
              ),
            },
            {
              key: 'pairs',
              label: t('studbook.tabs.pairs'),
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <PairFilters value={pairFilter} onChange={(v) => (setPairFilter(v), setPairPage((p) => ({ ...p, current: 1 })))} />
                  <Table<Pair>
                    size="small"
                    rowKey={(r) => `${r.sireId}-${r.damId}`}
                    loading={pairs.isFetching}
                    columns={pairColumns}
                    dataSource={pairs.data?.records ?? []}
                    scroll={{ x: 900 }}
                    data-testid="studbook-pairs"
                    pagination={{
                      current: pairPage.current,
                      pageSize: pairPage.size,
                      total: pairs.data?.total ?? 0,
                      onChange: (current, size) => setPairPage({ current, size }),
                    }}
                  />
                </Space>
              ),
            },
            {
              key: 'heatmap',
              label: t('studbook.tabs.heatmap'),
              children: <Suspense fallback={null}>{tab === 'heatmap' ? <Charts.Heatmap matrix={heatmap.data} /> : null}</Suspense>,
            },
            {
              key: 'trend',
              label: t('studbook.tabs.trend'),
              children: <Suspense fallback={null}>{tab === 'trend' ? <Charts.Trend snapshots={snapshots.data} /> : null}</Suspense>,
            },
          ]}
        />
      </Card>
      <Modal
        open={!!pedigreeOf}
        title={t('studbook.pedigreeOf', { name: pedigreeOf?.name ?? '' })}
        width="min(1100px, 96vw)"
        footer={null}
        onCancel={() => setPedigreeOf(undefined)}
        destroyOnHidden
      >
        <Space style={{ marginBottom: 8 }}>
          {t('studbook.generations')}
          <Segmented value={gens} options={[3, 4, 5, 6]} onChange={(v) => setGens(Number(v))} />
        </Space>
        {pedigree.error ? <Alert type="error" showIcon message={(pedigree.error as Error).message} /> : null}
        <Suspense fallback={null}>
          <Charts.Pedigree graph={pedigree.data} />
        </Suspense>
      </Modal>
      {whatIf && speciesId ? <WhatIfDialog speciesId={speciesId} onClose={() => setWhatIf(false)} /> : null}
    </Space>
  );
}

function PairFilters({
  value,
  onChange,
}: {
  value: { generations: number; maxF: number; minAge: number };
  onChange: (v: { generations: number; maxF: number; minAge: number }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={value}
      onFinish={(v) => onChange({ generations: v.generations ?? 3, maxF: v.maxF ?? 0.0625, minAge: v.minAge ?? 2 })}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="generations" label={t('studbook.filters.generations')}>
        <InputNumber min={0} max={10} precision={0} style={{ width: 80 }} data-testid="pairs-generations" />
      </Form.Item>
      <Form.Item name="maxF" label={t('studbook.filters.maxF')}>
        <InputNumber min={0} max={1} step={0.0625} style={{ width: 110 }} data-testid="pairs-maxf" />
      </Form.Item>
      <Form.Item name="minAge" label={t('studbook.filters.minAge')}>
        <InputNumber min={0} max={100} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="pairs-search">
          {t('studbook.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Kinship of any two animals of the studbook = F of their offspring. */
function WhatIfDialog({ speciesId, onClose }: { speciesId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [a, setA] = useState<string>();
  const [b, setB] = useState<string>();
  const options = useQuery({
    queryKey: ['studbook', 'whatif-options', speciesId],
    queryFn: () => call(ep.list, { query: { speciesId, current: 1, size: 1000, alive: '1' } }),
  });
  const answer = useQuery({
    queryKey: ['studbook', 'kinship', speciesId, a, b],
    queryFn: () => call(ep.kinship, { query: { speciesId, a: a!, b: b! } }),
    enabled: false,
  });
  const opts = (options.data?.records ?? []).map((r) => ({ label: `${r.label} (${t(`studbook.sexName.${r.sex}`)})`, value: r.animalId }));
  return (
    <Modal open title={t('studbook.whatIfTitle')} onCancel={onClose} footer={null} width="min(560px, 96vw)">
      <Form layout="vertical">
        <Form.Item label={t('studbook.animalA')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={opts}
            value={a}
            onChange={setA}
            data-testid="whatif-a"
            aria-label={t('studbook.animalA')}
          />
        </Form.Item>
        <Form.Item label={t('studbook.animalB')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={opts}
            value={b}
            onChange={setB}
            data-testid="whatif-b"
            aria-label={t('studbook.animalB')}
          />
        </Form.Item>
        <Button type="primary" disabled={!a || !b} loading={answer.isFetching} onClick={() => void answer.refetch()} data-testid="whatif-compute">
          {t('studbook.compute')}
        </Button>
      </Form>
      {answer.data ? (
        <Descriptions column={1} bordered size="small" style={{ marginTop: 16 }} data-testid="whatif-result">
          <Descriptions.Item label={t('studbook.kinship')}>{answer.data.kinship.toFixed(4)}</Descriptions.Item>
          <Descriptions.Item label={t('studbook.offspringF')}>
            <span data-testid="whatif-f">{answer.data.offspringF.toFixed(4)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
