import { population, populationEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Space, Spin, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChangeHistory } from '../../../crud';
import { call } from '../../../lib/request';
import { MovementTimeline } from './movement-timeline';

type Population = z.infer<typeof population.record>;

/**
 * A population's detail: the spec's `/animal/detail/{id}` (population or individual detail), told apart by
 * `type=2` (animalType 2, population management), since a failed animal lookup would toast an error first.
 */
export const populationDetailPath = (id: string) => `/animal/detail/${id}?type=2`;

/**
 * A population's detail (`/animal/detail/{id}?type=2`): registry data, its species' current stock per cage and
 * sex (this population highlighted; counts are the stock ledger's, read-only here), the movement timeline and
 * the 变更记录 of the record.
 */
export function PopulationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['population-detail', id], queryFn: () => call(population.endpoints.detail, { query: { id } }), enabled: Boolean(id) });
  const p = detail.data as Population | undefined;
  const cages = useQuery({
    queryKey: ['population-detail-cages', p?.speciesId],
    queryFn: () => call(populationEndpoints.species, { query: { speciesId: p!.speciesId } }),
    enabled: Boolean(p?.speciesId),
  });
  const f = (k: string) => t(`zooPopulation.${k}`);
  const columns: TableColumnsType<Population> = [
    {
      key: 'cage',
      title: f('cageId'),
      render: (_v, r) =>
        r.id === id ? <Tag color="blue">{`${r.cageCode} ${r.cageName}`}</Tag> : <Link to={populationDetailPath(r.id)}>{`${r.cageCode} ${r.cageName}`}</Link>,
    },
    { key: 'venueName', dataIndex: 'venueName', title: f('venueName') },
    { key: 'maleQuantity', dataIndex: 'maleQuantity', title: f('maleQuantity'), align: 'right' },
    { key: 'femaleQuantity', dataIndex: 'femaleQuantity', title: f('femaleQuantity'), align: 'right' },
    { key: 'theyQuantity', dataIndex: 'theyQuantity', title: f('theyQuantity'), align: 'right' },
    { key: 'totalQuantity', dataIndex: 'totalQuantity', title: f('total'), align: 'right' },
  ];
  const rows = (cages.data ?? []).filter((r) => r.totalQuantity > 0 || r.id === id);
  return (
    <Spin spinning={detail.isFetching}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={p ? `${f('detailTitle')} · ${p.populationName || p.speciesName} ${p.cageCode}` : f('detailTitle')}>
          {p ? (
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={f('populationName')}>{p.populationName}</Descriptions.Item>
              <Descriptions.Item label={f('speciesName')}>
                {p.speciesName} <i>{p.latinName}</i>
              </Descriptions.Item>
              <Descriptions.Item label={f('cageId')}>{`${p.cageCode} ${p.cageName}`}</Descriptions.Item>
              <Descriptions.Item label={f('venueName')}>{p.venueName}</Descriptions.Item>
              <Descriptions.Item label={f('totalQuantity')}>
                <span data-testid="population-stock">{`${p.totalQuantity} (${p.maleQuantity}.${p.femaleQuantity}.${p.theyQuantity})`}</span>
              </Descriptions.Item>
              <Descriptions.Item label={f('remark')}>{p.remark}</Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card variant="borderless" title={f('stockByCage')}>
              <Table<Population>
                size="small"
                bordered
                rowKey="id"
                loading={cages.isFetching}
                columns={columns}
                dataSource={rows}
                pagination={false}
                className="zoo-population-cages"
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card variant="borderless" title={t('zooAnimalDetail.movements')}>
              <MovementTimeline populationId={id} />
            </Card>
          </Col>
        </Row>
        <Card variant="borderless" title={t('history.title')}>
          <ChangeHistory table="zoo_population" id={id} i18n="zooPopulation" />
        </Card>
      </Space>
    </Spin>
  );
}
