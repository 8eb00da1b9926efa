import { breedingEndpoints, zooSpeciesEndpoints, type SeasonFemale } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, InputNumber, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { SignsText } from './breeding-widgets';

/** /zoo/breeding/season — 繁殖季看板: every breeding-age female of a species in a year, her oestrus and events. */
export default function SeasonPage() {
  const { t } = useTranslation();
  const [speciesId, setSpeciesId] = useState<string>();
  const [year, setYear] = useState<number>(chinaDay().year());
  const species = useQuery({
    queryKey: ['zoo-species-select', true],
    queryFn: () => call(zooSpeciesEndpoints.select, { query: { all: 'true' } }),
    staleTime: 60_000,
  });
  const board = useQuery({
    queryKey: ['breeding', 'season', speciesId, year],
    queryFn: () => call(breedingEndpoints.season, { query: { speciesId: speciesId!, year } }),
    enabled: Boolean(speciesId),
  });
  const data = board.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="season-board">
      <Space wrap>
        <Typography.Text>{t('breedSeason.species')}</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label={t('breedSeason.species')}
          style={{ minWidth: 220 }}
          placeholder={t('breedSeason.pickSpecies')}
          value={speciesId}
          loading={species.isLoading}
          options={(species.data ?? []).map((s) => ({ value: s.id, label: `${s.speciesName} (${s.latinName})` }))}
          onChange={setSpeciesId}
        />
        <Typography.Text>{t('breedSeason.year')}</Typography.Text>
        <InputNumber aria-label={t('breedSeason.year')} min={1900} max={2999} value={year} onChange={(v) => v && setYear(v)} />
      </Space>
      {!speciesId ? <Empty description={t('breedSeason.pickSpecies')} /> : null}
      {data ? (
        <>
          <Space wrap size="large">
            <Card size="small">
              <Statistic title={t('breedSeason.females', { age: data.breedingAge })} value={data.summary.females} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.observed')} value={data.summary.observedInOestrus} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.bred')} value={data.summary.bred} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.pairings')} value={data.summary.naturalPairings} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.inseminations')} value={data.summary.inseminations} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.pregnant')} value={data.summary.pregnant} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.cubsBorn')} value={data.summary.cubsBorn} />
            </Card>
            <Card size="small">
              <Statistic title={t('breedSeason.surviving30')} value={data.summary.surviving30} />
            </Card>
          </Space>
          <Table<SeasonFemale>
            rowKey="animalId"
            size="small"
            scroll={{ x: 1300 }}
            pagination={false}
            loading={board.isFetching}
            dataSource={data.females}
            columns={[
              { title: t('breedSeason.female'), dataIndex: 'animalName', width: 150, fixed: 'left' },
              { title: t('breedSeason.birthDate'), dataIndex: 'birthDate', width: 110, render: (v: string) => v.slice(0, 10) },
              {
                title: t('breedSeason.status'),
                width: 100,
                render: (_, r) => (r.observedInOestrus ? <Tag color="magenta">{t('breedSeason.inOestrus')}</Tag> : <Tag>{t('breedSeason.notObserved')}</Tag>),
              },
              {
                title: t('breedSeason.latest'),
                width: 240,
                render: (_, r) =>
                  r.latestOestrus ? (
                    <span>
                      {r.latestOestrus.obsDate} <SignsText value={r.latestOestrus.signs} />
                      {r.latestOestrus.oestrogen !== '' ? ` · E ${r.latestOestrus.oestrogen} ${r.latestOestrus.oestrogenUnit}` : ''}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              {
                title: t('breedSeason.events'),
                render: (_, r) =>
                  r.events.length
                    ? r.events.map((e) => (
                        <div key={e.id}>
                          {e.eventDate} {t(`breedEvent.kinds.${e.kind}`)} {e.sireNames}
                          {e.semenNo ? ` · ${e.semenNo}` : ''}
                        </div>
                      ))
                    : '—',
              },
              {
                title: t('breedSeason.pregnancy'),
                width: 190,
                render: (_, r) =>
                  r.pregnancy ? (
                    <span>
                      <Tag color={r.pregnancy.status === 2 ? 'green' : 'default'}>{t(`breedPregnancy.states.${r.pregnancy.status}`)}</Tag>
                      {r.pregnancy.expectedFrom ? <div>{t('breedSeason.window', { from: r.pregnancy.expectedFrom, to: r.pregnancy.expectedTo })}</div> : null}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              {
                title: t('breedSeason.recommended'),
                width: 260,
                render: (_, r) =>
                  r.recommended.length
                    ? r.recommended.slice(0, 3).map((m) => (
                        <div key={m.animalId}>
                          {m.animalName} · F {m.kinship.toFixed(4)}
                          {m.mk !== '' ? ` · MK ${m.mk.toFixed(4)}` : ''}
                          {m.used ? (
                            <Tag color="blue" style={{ marginLeft: 4 }}>
                              {t('breedSeason.used')}
                            </Tag>
                          ) : null}
                          {m.contracepted ? (
                            <Tag color="orange" style={{ marginLeft: 4 }}>
                              {t('breedSeason.contracepted')}
                            </Tag>
                          ) : null}
                        </div>
                      ))
                    : '—',
              },
              {
                title: t('breedSeason.warnings'),
                width: 220,
                render: (_, r) =>
                  r.warnings.length
                    ? r.warnings.map((w) => (
                        <Tag key={w} color="orange" style={{ whiteSpace: 'normal' }}>
                          {w}
                        </Tag>
                      ))
                    : r.cubsBorn
                      ? t('breedSeason.cubs', { n: r.cubsBorn })
                      : '—',
              },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}
