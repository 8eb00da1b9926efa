import { permitReportEndpoints, type CitesTradeRow, type InventoryRow } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { download } from '../../../lib/request/transfer';

const NUMBER_WIDTH = 96;
const MOVES = [
  'opening',
  'born',
  'imported',
  'transferredIn',
  'census',
  'exported',
  'transferredOut',
  'died',
  'cancelled',
  'closing',
  'difference',
  'unlisted',
] as const;

/** The year picker and export button both reports share; last year by default (the report is filed after it ends). */
function YearBar({ year, onYear, onExport, testId }: { year: number; onYear: (y: number) => void; onExport: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label={t('zooPermitReport.year')}>
        <InputNumber
          min={1990}
          max={chinaDay().year()}
          precision={0}
          value={year}
          onChange={(v) => v && onYear(v)}
          aria-label={t('zooPermitReport.year')}
          data-testid={`${testId}-year`}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" onClick={onExport} data-testid={`${testId}-export`}>
          {t('zooPermitReport.export')}
        </Button>
      </Form.Item>
    </Form>
  );
}

const levelTag = (cls: number, label: ReactNode) => <Tag color={cls === 1 ? 'red' : 'orange'}>{label}</Tag>;

/** 年度存栏报告: per protected species, stock on 1 Jan, the year's movements, stock on 31 Dec, reconciled with the ledger. */
export function InventoryReportPanel() {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => chinaDay().year() - 1);
  const report = useQuery({ queryKey: ['permit-report', 'inventory', year], queryFn: () => call(permitReportEndpoints.inventory, { query: { year } }) });
  const columns: ColumnsType<InventoryRow> = [
    { title: t('zooPermitReport.species'), dataIndex: 'speciesName', fixed: 'left', width: 110 },
    { title: t('zooPermitReport.latinName'), dataIndex: 'latinName', width: 170, render: (v: string) => <i>{v}</i> },
    {
      title: t('zooPermitReport.protection'),
      dataIndex: 'protectionClass',
      width: 100,
      render: (v: number) => levelTag(v, t(`zooPermitReport.levels.${v}`)),
    },
    { title: t('zooPermitReport.licenceNo'), dataIndex: 'licenceNo', width: 150 },
    ...MOVES.map((k) => ({
      title: t(`zooPermitReport.col.${k}`),
      dataIndex: k,
      width: NUMBER_WIDTH,
      align: 'right' as const,
      render: (v: number) => ((k === 'difference' || k === 'unlisted') && v !== 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    })),
    { title: t('zooPermitReport.permitNos'), dataIndex: 'permitNos', width: 160, ellipsis: true },
    { title: t('zooPermitReport.identifiers'), dataIndex: 'identifiers', width: 240, ellipsis: true },
    {
      title: t('zooPermitReport.populations'),
      dataIndex: 'populations',
      width: 280,
      render: (ps: InventoryRow['populations']) =>
        ps.map((p) => (
          <div key={p.populationId} data-testid="inventory-population">
            {t(p.members ? 'zooPermitReport.populationWithMembers' : 'zooPermitReport.populationLine', {
              name: p.populationName,
              heads: p.heads,
              members: p.members,
            })}
          </div>
        )),
    },
  ];
  const d = report.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <YearBar year={year} onYear={setYear} onExport={() => download(permitReportEndpoints.inventoryExport, { year })} testId="inventory" />
      </Card>
      {d ? (
        <Alert
          showIcon
          type={d.reconciled ? 'success' : 'error'}
          message={t(d.reconciled ? 'zooPermitReport.reconciled' : 'zooPermitReport.notReconciled', { from: d.from, to: d.to })}
          data-testid="inventory-reconciled"
        />
      ) : null}
      <Table<InventoryRow>
        size="small"
        rowKey="speciesId"
        loading={report.isFetching}
        columns={columns}
        dataSource={d?.rows ?? []}
        pagination={false}
        scroll={{ x: 1280 + MOVES.length * NUMBER_WIDTH }}
        data-testid="inventory-table"
      />
    </Space>
  );
}

/** CITES年度报告: the zoo's imports and exports of listed species in the year, in the columns of the CITES guidelines. */
export function CitesReportPanel() {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => chinaDay().year() - 1);
  const report = useQuery({ queryKey: ['permit-report', 'cites', year], queryFn: () => call(permitReportEndpoints.cites, { query: { year } }) });
  const col = (k: keyof CitesTradeRow, width: number, render?: (v: string) => ReactNode) => ({
    title: t(`zooPermitReport.cites.${k}`),
    dataIndex: k,
    width,
    render,
  });
  const columns: ColumnsType<CitesTradeRow> = [
    col('direction', 80, (v) => <Tag color={v === 'E' ? 'blue' : 'green'}>{t(`zooPermitReport.cites.dir.${v}`)}</Tag>),
    col('date', 110),
    col('appendix', 70),
    col('latinName', 180, (v) => <i>{v}</i>),
    col('speciesName', 100),
    col('term', 70),
    { ...col('quantity', 80), align: 'right' as const },
    col('partner', 160),
    col('origin', 100),
    col('permitNo', 160),
    col('purposeCode', 80),
    col('sourceCode', 80),
    col('remark', 100),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <YearBar year={year} onYear={setYear} onExport={() => download(permitReportEndpoints.citesExport, { year })} testId="cites" />
      </Card>
      <Table<CitesTradeRow>
        size="small"
        rowKey={(r) => `${r.direction}-${r.date}-${r.permitNo}-${r.latinName}-${r.quantity}`}
        loading={report.isFetching}
        columns={columns}
        dataSource={report.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 1400 }}
        locale={{ emptyText: t('zooPermitReport.cites.none') }}
        data-testid="cites-table"
      />
    </Space>
  );
}

/** 专用标识待办: class I/II animals held without a current 专用标识, each opening the animal to add it. */
export function MarkingTodoPanel() {
  const { t } = useTranslation();
  const todo = useQuery({ queryKey: ['permit-report', 'marking'], queryFn: () => call(permitReportEndpoints.markingTodo) });
  type Row = NonNullable<typeof todo.data>['rows'][number];
  const columns: ColumnsType<Row> = [
    {
      title: t('zooPermitReport.marking.animal'),
      dataIndex: 'localNo',
      render: (v: string, r) => (
        <Link to={`/animal/detail/${r.animalId}`} data-testid="marking-fix">
          {r.animalName ? `${v} ${r.animalName}` : v}
        </Link>
      ),
    },
    { title: t('zooPermitReport.species'), dataIndex: 'speciesName' },
    { title: t('zooPermitReport.protection'), dataIndex: 'protectionClass', render: (v: number) => levelTag(v, t(`zooPermitReport.levels.${v}`)) },
    { title: t('zooPermitReport.marking.since'), dataIndex: 'since' },
    {
      title: t('zooPermitReport.marking.state'),
      dataIndex: 'overdue',
      render: (v: boolean, r) =>
        v ? <Tag color="red">{t('zooPermitReport.marking.overdue', { n: r.days })}</Tag> : <Tag>{t('zooPermitReport.marking.due')}</Tag>,
    },
    {
      title: t('zooPermitReport.marking.missing'),
      dataIndex: 'missing',
      render: (v: string) => t(v.includes('芯片') ? 'zooPermitReport.marking.both' : 'zooPermitReport.marking.mark'),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('zooPermitReport.marking.hint', { n: todo.data?.days ?? 30 })}</Typography.Text>
      <Table<Row>
        size="small"
        rowKey="animalId"
        loading={todo.isFetching}
        columns={columns}
        dataSource={todo.data?.rows ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('zooPermitReport.marking.none') }}
        data-testid="marking-table"
      />
    </Space>
  );
}
