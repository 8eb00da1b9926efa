import { zooSpeciesEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Spin, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { z } from 'zod';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { DictTag } from '../../../crud';
import { call } from '../../../lib/request';

type Zoo = z.infer<typeof zooSpeciesEndpoints.dist.data>['zoos'][number];

/** Stacked bars per zoo: individuals + population members. */
function DistChart({ zoos }: { zoos: Zoo[] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const individuals = t('zooSpeciesDist.individualCount');
    const population = t('zooSpeciesDist.populationQuantity');
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { data: [individuals, population] },
      grid: { left: 40, right: 20, bottom: 40, top: 40, containLabel: true },
      xAxis: { type: 'category', data: zoos.map((z) => z.tenantName), axisLabel: { interval: 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: individuals, type: 'bar', stack: 'total', barMaxWidth: 60, data: zoos.map((z) => z.individualCount), itemStyle: { color: '#409EFF' } },
        { name: population, type: 'bar', stack: 'total', barMaxWidth: 60, data: zoos.map((z) => z.populationQuantity), itemStyle: { color: '#67C23A' } },
      ],
    };
  }, [zoos, t]);
  const ref = useECharts(option);
  return <div ref={ref} data-testid="species-dist-chart" style={{ width: '100%', height: 360 }} />;
}

/** /zoo/admin/species/dist/:id — how many of a species each zoo holds (table + bar chart). */
export default function SpeciesDistPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['species-dist', id], queryFn: () => call(zooSpeciesEndpoints.dist, { query: { id } }), enabled: Boolean(id) });
  const dist = query.data;
  const col = (key: keyof Zoo, width?: number) => ({ key, dataIndex: key, title: t(`zooSpeciesDist.${key}`), width });
  const admin = Boolean(dist?.zoos.some((z) => z.tenantId));
  const columns: TableColumnsType<Zoo> = [
    col('tenantName'),
    ...(admin
      ? [
          col('licenceNo'),
          { ...col('validTo', 120), render: (v: string) => (v ? v.slice(0, 10) : '') },
          { ...col('licenceState', 100), render: (v: string) => <DictTag code="licence_state" value={v} /> },
        ]
      : []),
    col('individualCount', 100),
    col('populationQuantity', 100),
    col('maleQuantity', 90),
    col('femaleQuantity', 90),
    col('theyQuantity', 110),
    col('totalQuantity', 90),
  ];
  return (
    <Spin spinning={query.isFetching}>
      <Card variant="borderless" title={dist ? `${dist.speciesName} · ${t('zooSpeciesDist.title')}` : t('zooSpeciesDist.title')}>
        {dist ? (
          <>
            <Descriptions size="small" column={4} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('zooSpeciesDist.speciesName')}>{dist.speciesName}</Descriptions.Item>
              <Descriptions.Item label={t('zooSpeciesDist.latinName')}>
                <i>{dist.latinName}</i>
              </Descriptions.Item>
              <Descriptions.Item label={t('zooSpeciesDist.zooCount')}>{dist.zooCount}</Descriptions.Item>
              <Descriptions.Item label={t('zooSpeciesDist.totalQuantity')}>
                {`${dist.totalQuantity} (${dist.maleQuantity}.${dist.femaleQuantity}.${dist.theyQuantity})`}
              </Descriptions.Item>
            </Descriptions>
            {dist.zoos.length ? <DistChart zoos={dist.zoos} /> : <Empty description={t('zooSpeciesDist.none')} />}
            <Table<Zoo>
              size="middle"
              bordered
              rowKey={(z) => z.tenantId ?? z.tenantName}
              columns={columns}
              dataSource={dist.zoos}
              pagination={false}
              style={{ marginTop: 16 }}
            />
          </>
        ) : null}
      </Card>
    </Spin>
  );
}
