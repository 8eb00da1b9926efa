import type { ReportDesign, ReportResult } from '@zoo/contract';
import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts } from '../../../components/use-echarts';
import { chartOption } from './report-chart';

/** A report's current page as a table, and its chart when the design has one. */
export function ReportPreview({ design, result, onPage }: { design: ReportDesign; result: ReportResult; onPage: (current: number, size: number) => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const label = (key: string) => {
    const c = result.columns.find((x) => x.key === key);
    return c ? (en ? c.en : c.zh) : key;
  };
  const option = useMemo(() => chartOption(design, result, label), [design, result, en]); // eslint-disable-line react-hooks/exhaustive-deps
  const chartRef = useECharts(option);
  return (
    <div data-testid="report-preview">
      {option ? <div ref={chartRef} data-testid="report-chart" style={{ width: '100%', height: 320, marginBottom: 12 }} /> : null}
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        dataSource={result.records}
        scroll={{ x: 'max-content' }}
        columns={result.columns.map((c) => ({
          key: c.key,
          dataIndex: c.key,
          title: en ? c.en : c.zh,
          align: c.type === 'int' || c.type === 'number' ? ('right' as const) : undefined,
        }))}
        pagination={{
          current: result.current,
          pageSize: result.size,
          total: result.total,
          showSizeChanger: true,
          showTotal: (total) => <Typography.Text type="secondary">{t('report.total', { total })}</Typography.Text>,
          onChange: onPage,
        }}
      />
    </div>
  );
}
