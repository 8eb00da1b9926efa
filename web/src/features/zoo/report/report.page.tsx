import { parkEndpoints, stockReportEndpoints, taxonomyEndpoints, type SpeciesStockRow, type StockGroup } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Select, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaDay } from '../../../lib/china-day';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useDict } from '../../../crud';
import { call } from '../../../lib/request';
import { download } from '../../../lib/request/transfer';

// ECharts arrives with its own chunk once the figures are in: the table never waits for it.
const StockCharts = lazy(() => import('./stock-charts'));

const DAY = 'YYYY-MM-DD';

export interface ReportFilters {
  from: string;
  to: string;
  parkId?: string;
  classId?: string;
  protectionClass?: number;
}

// Wide enough for the longest one-word English header (Deregistered) not to break inside the word.
const NUMBER_WIDTH = 104;
const NUMBER_COLUMNS = [
  'opening',
  'born',
  'imported',
  'census',
  'exported',
  'died',
  'cancelled',
  'other',
  'closing',
  'individuals',
  'populationHeads',
  'male',
  'female',
  'unknown',
] as const;

/** Only the filters that are set travel (an empty park is "all parks", not a park ""). */
const queryOf = (f: ReportFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

/**
 * /zoo/report 存栏报表: a period's movements per species (opening, each accession and disposition, closing) with a
 * total row; charts of the closing stock by class, park and protection level; the same rows as xlsx
 * (`stock_report_export`).
 */
export default function StockReportPage() {
  const { t } = useTranslation();
  const canExport = useCan('stock_report_export');
  const [filters, setFilters] = useState<ReportFilters>(() => ({ from: chinaDay().startOf('month').format(DAY), to: chinaDay().format(DAY) }));
  const q = queryOf(filters);
  const parks = useQuery({ queryKey: ['report', 'parks'], queryFn: () => call(parkEndpoints.tree) });
  const classes = useQuery({ queryKey: ['report', 'classes'], queryFn: () => call(taxonomyEndpoints.lazyTree, { query: { parentId: '0' } }) });
  const levels = useDict('protection_class');
  const report = useQuery({ queryKey: ['report', 'species', q], queryFn: () => call(stockReportEndpoints.speciesStock, { query: q }) });
  const stockOf = (groupBy: StockGroup) => ({
    queryKey: ['report', 'stock', groupBy, q],
    queryFn: () => call(stockReportEndpoints.stock, { query: { date: filters.to, groupBy, ...queryOf({ ...filters, from: '', to: '' }) } }),
  });
  const byClass = useQuery(stockOf('class'));
  const byPark = useQuery(stockOf('park'));
  const byProtection = useQuery(stockOf('protection'));

  const levelName = useMemo(() => new Map(levels.options.map((o) => [String(o.value), o.label])), [levels.options]);
  const columns: ColumnsType<SpeciesStockRow> = [
    { title: t('stockReport.col.speciesName'), dataIndex: 'speciesName', fixed: 'left', width: 120 },
    { title: t('stockReport.col.latinName'), dataIndex: 'latinName', width: 180, render: (v: string) => <i>{v}</i> },
    { title: t('stockReport.col.className'), dataIndex: 'className', width: 80 },
    { title: t('stockReport.col.protection'), dataIndex: 'protectionClass', width: 100, render: (v: number) => levelName.get(String(v)) ?? v },
    ...NUMBER_COLUMNS.map((k) => ({ title: t(`stockReport.col.${k}`), dataIndex: k, width: NUMBER_WIDTH, align: 'right' as const })),
  ];
  const total = report.data?.total;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('stockReport.period')}>
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(filters.from), dayjs(filters.to)]}
              disabledDate={(d: Dayjs) => d.isAfter(chinaDay(), 'day')}
              onChange={(v) => v?.[0] && v[1] && setFilters((f) => ({ ...f, from: v[0]!.format(DAY), to: v[1]!.format(DAY) }))}
              data-testid="report-period"
            />
          </Form.Item>
          <Form.Item label={t('stockReport.park')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('stockReport.all')}
              value={filters.parkId}
              options={(parks.data ?? []).map((p) => ({ label: p.title, value: p.id }))}
              onChange={(v?: string) => setFilters((f) => ({ ...f, parkId: v }))}
              data-testid="report-park"
              aria-label={t('stockReport.park')}
            />
          </Form.Item>
          <Form.Item label={t('stockReport.class')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('stockReport.all')}
              value={filters.classId}
              options={(classes.data ?? []).map((c) => ({ label: c.title, value: c.id }))}
              onChange={(v?: string) => setFilters((f) => ({ ...f, classId: v }))}
              data-testid="report-class"
              aria-label={t('stockReport.class')}
            />
          </Form.Item>
          <Form.Item label={t('stockReport.protection')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('stockReport.all')}
              value={filters.protectionClass === undefined ? undefined : String(filters.protectionClass)}
              options={levels.options.map((o) => ({ label: o.label, value: String(o.value) }))}
              onChange={(v?: string) => setFilters((f) => ({ ...f, protectionClass: v === undefined ? undefined : Number(v) }))}
              data-testid="report-protection"
              aria-label={t('stockReport.protection')}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button onClick={() => setFilters({ from: chinaDay().startOf('month').format(DAY), to: chinaDay().format(DAY) })}>{t('crud.reset')}</Button>
              {canExport ? (
                <Button type="primary" onClick={() => download(stockReportEndpoints.export, q)}>
                  {t('transfer.export')}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {report.error ? <Alert type="error" showIcon message={t('stockReport.failed')} /> : null}
      <Suspense fallback={<Spin />}>
        <StockCharts
          byClass={byClass.data?.rows ?? []}
          byPark={byPark.data?.rows ?? []}
          byProtection={(byProtection.data?.rows ?? []).map((r) => ({ ...r, name: levelName.get(r.key) ?? r.name }))}
        />
      </Suspense>
      <Card
        size="small"
        title={<Typography.Text>{t('stockReport.title', { from: report.data?.from ?? filters.from, to: report.data?.to ?? filters.to })}</Typography.Text>}
      >
        <Table<SpeciesStockRow>
          size="small"
          rowKey="speciesId"
          loading={report.isFetching}
          columns={columns}
          dataSource={report.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 480 + NUMBER_COLUMNS.length * NUMBER_WIDTH }}
          data-testid="report-table"
          summary={() =>
            total && report.data?.rows.length ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="report-total">
                  <Table.Summary.Cell index={0} colSpan={4}>
                    <b>{t('stockReport.total')}</b>
                  </Table.Summary.Cell>
                  {NUMBER_COLUMNS.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 4} align="right">
                      <b>{total[k]}</b>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
