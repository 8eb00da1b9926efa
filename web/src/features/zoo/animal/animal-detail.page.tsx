import { animal, animalFlag, bizAttach, studbookEndpoints, type AnimalFlagRecord } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Image, Row, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PopulationDetail } from '../shared/population-detail';
import { ChangeHistory, DictTag, useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { photoList } from '../shared/photo-upload';
import { flagState } from './animal-flag.crud';
import { MovementTimeline } from '../shared/movement-timeline';
import { AnimalReproduction } from '../shared/animal-reproduction';
import { AnimalMedicalTabs } from '../shared/animal-medical-tabs';

type Flag = z.infer<typeof AnimalFlagRecord>;
type Attach = { id: string; link: string; originalName: string };

const day = (v: string) => (v ? v.slice(0, 10) : '');
/** A birth date shown to its precision (1 day, 2 month, 3 year, 4 unknown). */
const birth = (date: string, precision: number) => (!date ? '' : precision === 3 ? date.slice(0, 4) : precision === 2 ? date.slice(0, 7) : date.slice(0, 10));

function Parent({ id, name, mark, identity }: { id: string; name: string; mark: string; identity?: string }) {
  const { t } = useTranslation();
  if (id) return <Link to={`/animal/detail/${id}`}>{name || id}</Link>;
  if (identity) return <span>{t('studbook.otherZoo', { id: identity })}</span>;
  return <span>{t(`zooRegistry.mark.${mark || 'UNK'}`)}</span>;
}

/** The animal's F, MK and rank in its species' studbook (decision 0037), with a link into the studbook. */
function Genetics({ id, speciesId }: { id: string; speciesId: string }) {
  const { t } = useTranslation();
  const canOpen = useCan('studbook');
  const g = useQuery({
    queryKey: ['animal-detail-genetics', id],
    queryFn: () => call(studbookEndpoints.animal, { query: { id } }),
    enabled: Boolean(id),
    retry: false,
  });
  if (!g.data) return null;
  const d = g.data;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2, lg: 5 }}
      title={t('studbook.detail.title')}
      style={{ marginTop: 16 }}
      data-testid="animal-genetics"
    >
      <Descriptions.Item label={t('studbook.detail.f')}>{d.f.toFixed(4)}</Descriptions.Item>
      <Descriptions.Item label={t('studbook.detail.mk')}>{d.mk < 0 ? '—' : d.mk.toFixed(4)}</Descriptions.Item>
      <Descriptions.Item label={t('studbook.detail.rank')}>{d.rank ? `${d.rank} / ${d.living}` : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('studbook.detail.known')}>{`${Math.round(d.known * 1000) / 10}%`}</Descriptions.Item>
      <Descriptions.Item label="">
        {canOpen ? <Link to={`/zoo/studbook?speciesId=${speciesId}&animal=${d.animalId}`}>{t('studbook.detail.open')}</Link> : null}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * /animal/detail/:id — the spec's population or individual detail: `?type=2` (population management) shows the
 * population's, otherwise the individual's.
 */
export default function AnimalDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return search.get('type') === '2' ? <PopulationDetail id={id} /> : <AnimalDetail id={id} />;
}

/** An individual: identity, flags with their version history, parents, photos, movement timeline from the stock ledger, 变更记录. */
function AnimalDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['animal-detail', id], queryFn: () => call(animal.endpoints.detail, { query: { id } }), enabled: Boolean(id) });
  const flags = useQuery({
    queryKey: ['animal-detail-flags', id],
    queryFn: () => call(animalFlag.endpoints.list, { query: { animalId: id, current: 1, size: 200 } }),
    enabled: Boolean(id),
  });
  const attachments = useQuery({
    queryKey: ['animal-detail-attach', id],
    queryFn: () => call(bizAttach.endpoints.list, { query: { bizType: 'animal', bizId: id, current: 1, size: 100 } }),
    enabled: Boolean(id),
  });
  const a = detail.data as z.infer<typeof animal.record> | undefined;
  const flagRows = ((flags.data as { records?: Flag[] } | undefined)?.records ?? []).slice().sort((x, y) => x.type - y.type || y.version - x.version);
  const files = (attachments.data as { records?: Attach[] } | undefined)?.records ?? [];
  const photos = [...(a ? photoList(a.photos) : []), ...files.map((f) => f.link)];

  const flagColumns: TableColumnsType<Flag> = [
    { key: 'type', dataIndex: 'type', title: t('zooAnimalFlag.type'), width: 100, render: (v: number) => <DictTag code="flag_type" value={v} /> },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('zooAnimalFlag.code'),
      render: (v: string, r) => (
        <>
          <Typography.Text code delete={!r.current}>
            {v}
          </Typography.Text>
          {r.prefixMeaning ? (
            <div>
              <Typography.Text type="secondary">{r.prefixMeaning}</Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'version', dataIndex: 'version', title: t('zooAnimalFlag.version'), width: 70 },
    { key: 'current', dataIndex: 'current', title: t('zooAnimalFlag.current'), width: 220, render: (_v, r) => flagState(r) },
    { key: 'issueDate', dataIndex: 'issueDate', title: t('zooAnimalFlag.issueDate'), width: 110, render: day },
    { key: 'issuer', dataIndex: 'issuer', title: t('zooAnimalFlag.issuer'), width: 140 },
    { key: 'voidReason', dataIndex: 'voidReason', title: t('zooAnimalFlag.voidReason'), width: 140 },
  ];

  return (
    <Spin spinning={detail.isFetching}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={a ? `${t('zooAnimalDetail.title')} · ${a.localNo} ${a.animalName}` : t('zooAnimalDetail.title')}>
          {a ? (
            <Descriptions bordered size="small" column={3}>
              <Descriptions.Item label={t('zooAnimal.localNo')}>{a.localNo}</Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.animalName')}>{a.animalName}</Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.speciesName')}>
                {a.speciesName} <i>{a.latinName}</i>
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.sex')}>
                <DictTag code="animal_sex" value={a.sex} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.birthDate')}>
                {birth(a.birthDate, a.birthPrecision)} <DictTag code="birth_precision" value={a.birthPrecision} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.origin')}>
                <DictTag code="animal_origin" value={a.origin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.sireName')}>
                <Parent id={a.sireId} name={a.sireName} mark={a.sireMark} identity={a.sireIdentityId} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.damName')}>
                <Parent id={a.damId} name={a.damName} mark={a.damMark} identity={a.damIdentityId} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.status')}>
                <DictTag code="animal_status" value={a.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.cageId')}>{a.cageId ? `${a.cageCode} ${a.cageName}` : ''}</Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.breederName')}>{a.breederName}</Descriptions.Item>
              <Descriptions.Item label={t('zooAnimal.remark')}>{a.remark}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {a ? <Genetics id={a.id} speciesId={a.speciesId} /> : null}
        </Card>
        <Card variant="borderless" title={t('zooAnimalDetail.flags')}>
          <Table<Flag>
            size="small"
            bordered
            rowKey="id"
            loading={flags.isFetching}
            columns={flagColumns}
            dataSource={flagRows}
            pagination={false}
            rowClassName={(r) => (r.current ? '' : 'zoo-flag-voided')}
          />
        </Card>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card variant="borderless" title={t('zooAnimalDetail.photos')}>
              {photos.length ? (
                <Image.PreviewGroup>
                  <Space wrap>
                    {photos.map((src) => (
                      <Image key={src} src={src} width={120} height={120} style={{ objectFit: 'cover' }} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                <Empty description={t('zooAnimalDetail.noPhotos')} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card variant="borderless" title={t('zooAnimalDetail.movements')}>
              <MovementTimeline animalId={id} />
            </Card>
          </Col>
        </Row>
        <AnimalReproduction id={id} />
        <AnimalMedicalTabs animalId={id} />
        <Card variant="borderless" title={t('history.title')}>
          <ChangeHistory table="zoo_animal" id={id} i18n="zooAnimal" />
        </Card>
      </Space>
    </Spin>
  );
}
