import { cage } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ChangeHistory, CrudPage, DictTag, useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { AlarmBadge } from '../shared/alarm-badge';
import { CageBreeders } from '../shared/cage-breeders';
import { cageAnimalsPage, cagePopulationsPage } from './cage-holdings.crud';
import { CagePhotos } from './cage-photos';

/** The cage card (/cage/detail/{cageId}): facts, animals and populations in it (each with its keeper-log calendar), keepers, photos, 变更记录, 温湿度. */
export default function CageDetailPage() {
  const { t } = useTranslation();
  const { cageId = '' } = useParams();
  const can = useCan();
  const navigate = useNavigate();
  const logLink = (row: { id: string }) =>
    can('basiclog_view') ? (
      <Button type="link" size="small" onClick={() => void navigate(`/animal/log/${row.id}`)}>
        {t('basicLog.openLog')}
      </Button>
    ) : null;
  const detail = useQuery({
    queryKey: ['crud', cage.name, 'detail', cageId],
    queryFn: () => call(cage.endpoints.detail, { query: { id: cageId } }),
    enabled: /^\d+$/.test(cageId),
  });
  const animals = useMemo(() => cageAnimalsPage(cageId), [cageId]);
  const populations = useMemo(() => cagePopulationsPage(cageId), [cageId]);
  const c = detail.data;
  const label = (k: string) => t(`cage.${k}`);
  const facts = c
    ? [
        { key: 'cageCode', label: label('cageCode'), children: c.cageCode },
        { key: 'cageName', label: label('cageName'), children: c.cageName },
        { key: 'cageType', label: label('cageType'), children: <DictTag code="cage_type" value={c.cageType} /> },
        { key: 'parkName', label: label('parkName'), children: c.parkName },
        { key: 'venueName', label: label('venueName'), children: c.venueName },
        { key: 'area', label: label('area'), children: c.area },
        { key: 'capacity', label: label('capacity'), children: c.capacity },
        { key: 'animalCount', label: label('animalCount'), children: c.animalCount },
        { key: 'populationQuantity', label: label('populationQuantity'), children: c.populationQuantity },
        {
          key: 'cameraUrl',
          label: label('cameraUrl'),
          children: c.cameraUrl ? <Typography.Text copyable>{c.cameraUrl}</Typography.Text> : null,
          span: 'filled' as const,
        },
        { key: 'remark', label: label('remark'), children: c.remark, span: 'filled' as const },
      ]
    : [];

  const tabs = [
    { key: 'animals', label: t('cageDetail.animals'), children: <CrudPage def={animals} rowActions={logLink} /> },
    { key: 'populations', label: t('cageDetail.populations'), children: <CrudPage def={populations} rowActions={logLink} /> },
    ...(can('cage_breeder') ? [{ key: 'keepers', label: t('cageDetail.keepers'), children: <CageBreeders cageId={cageId} /> }] : []),
    { key: 'photos', label: t('cageDetail.photos'), children: <CagePhotos cageId={cageId} /> },
    { key: 'history', label: t('history.title'), children: <ChangeHistory table="zoo_cage" id={cageId} i18n="cage" /> },
  ];

  return (
    <Flex vertical gap={12}>
      <Card
        variant="borderless"
        title={
          <Flex gap={8} align="center" wrap>
            {c ? t('cageDetail.heading', { name: c.cageName, code: c.cageCode }) : t('cageDetail.title')}
            {c ? <AlarmBadge count={c.openAlarms} /> : null}
          </Flex>
        }
        extra={
          c ? (
            <Flex gap={8}>
              {can('cage_monitor') ? <Button onClick={() => void navigate(`/cage/monitor/${c.id}`)}>{t('monitor.title')}</Button> : null}
              {can('cage_humiture') ? <Button onClick={() => void navigate(`/cage/humiture/${c.id}`)}>{t('humiture.title')}</Button> : null}
            </Flex>
          ) : null
        }
      >
        <Spin spinning={detail.isFetching}>
          {c ? (
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={facts} data-testid="cage-facts" />
          ) : detail.isFetching ? null : (
            <Empty description={t('cageDetail.missing')} />
          )}
        </Spin>
      </Card>
      {c ? <Tabs items={tabs} destroyOnHidden /> : null}
    </Flex>
  );
}
