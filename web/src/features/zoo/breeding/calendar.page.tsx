import { breedingCubEndpoints, zooSpeciesEndpoints, type CalendarItem } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Calendar, List, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { useIsPhone } from './use-is-phone';

const COLOR: Record<CalendarItem['kind'], string> = { oestrus: 'magenta', breeding: 'red', expected: 'gold', birth: 'green', contraEnd: 'blue' };

/** /zoo/breeding/calendar — 繁殖日历: a month of oestrus, breedings, expected births, births and contraception ends. */
export default function CalendarPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [month, setMonth] = useState<Dayjs>(chinaDay());
  const [speciesId, setSpeciesId] = useState<string>();
  const species = useQuery({
    queryKey: ['zoo-species-select', true],
    queryFn: () => call(zooSpeciesEndpoints.select, { query: { all: 'true' } }),
    staleTime: 60_000,
  });
  const key = month.format('YYYY-MM');
  const q = useQuery({
    queryKey: ['breeding', 'calendar', key, speciesId],
    queryFn: () => call(breedingCubEndpoints.calendar, { query: { month: key, ...(speciesId ? { speciesId } : {}) } }),
  });
  const items = q.data?.items ?? [];
  const on = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return items.filter((i) => i.date <= day && day <= i.until);
  };
  // The animal's name is data (decision 0049); the kind and the server's text are in the interface's language.
  const label = (i: CalendarItem) => (
    <>
      {t(`breedCalendar.kinds.${i.kind}`)} · <UserText>{i.animalName}</UserText>
    </>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="breeding-calendar">
      <Space wrap>
        <Typography.Text>{t('breedSeason.species')}</Typography.Text>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('breedSeason.species')}
          style={{ minWidth: 220 }}
          placeholder={t('breedCalendar.allSpecies')}
          value={speciesId}
          options={(species.data ?? []).map((s) => ({ value: s.id, label: `${s.speciesName} (${s.latinName})` }))}
          onChange={setSpeciesId}
        />
        <Space wrap size={4}>
          {(Object.keys(COLOR) as CalendarItem['kind'][]).map((k) => (
            <Badge key={k} color={COLOR[k]} text={t(`breedCalendar.kinds.${k}`)} />
          ))}
        </Space>
      </Space>
      <Calendar
        fullscreen={!phone}
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d) => setMonth(d)}
        cellRender={(d, info) =>
          info.type === 'date' && !phone ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {on(d).map((i, n) => (
                <li key={n} title={i.text}>
                  <Badge color={COLOR[i.kind]} text={<span style={{ fontSize: 12 }}>{label(i)}</span>} />
                </li>
              ))}
            </ul>
          ) : info.type === 'date' && on(d).length ? (
            <Badge color={COLOR[on(d)[0]!.kind]} />
          ) : null
        }
      />
      <List
        size="small"
        bordered
        header={t('breedCalendar.monthList', { month: key })}
        loading={q.isFetching}
        dataSource={items}
        locale={{ emptyText: t('breedCalendar.none') }}
        renderItem={(i) => (
          <List.Item>
            <Badge
              color={COLOR[i.kind]}
              text={
                <>
                  {i.date}
                  {i.until !== i.date ? `~${i.until}` : ''} {label(i)} · {i.text}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Space>
  );
}
