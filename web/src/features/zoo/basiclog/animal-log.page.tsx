import { basicLog, basicLogEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Calendar, Card, Space, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaDay } from '../../../lib/china-day';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { LogDialog, type LogTarget } from './log-dialog';
import { HealthTag } from './log-widgets';

/**
 * /animal/log/:id — one animal's (or population's) month of keeper logs on a calendar: a logged day shows its
 * health and opens the log; an unlogged past day can be logged late by whoever may add logs.
 */
export default function AnimalLogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const canAdd = useCan(basicLog.perms.add);
  const [month, setMonth] = useState<Dayjs>(() => chinaDay());
  const [target, setTarget] = useState<LogTarget | null>(null);
  const year = month.year();
  const m = month.month() + 1;
  const cal = useQuery({
    queryKey: ['basiclog-month', id, year, m],
    queryFn: () => call(basicLogEndpoints.month, { query: { animalId: id, year, month: m } }),
    enabled: Boolean(id),
  });
  const byDay = new Map((cal.data?.days ?? []).map((d) => [d.day, d]));
  const today = chinaDay().format('YYYY-MM-DD');

  const cell = (date: Dayjs) => {
    const key = date.format('YYYY-MM-DD');
    const log = byDay.get(key);
    if (log)
      return (
        <div data-testid={`logged-${key}`} aria-label={`${key} ${t('basicLog.logged')}`}>
          <Tag color="green">{t('basicLog.logged')}</Tag>
          <HealthTag value={log.health} />
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {log.keeperName}
            </Typography.Text>
          </div>
        </div>
      );
    return null;
  };

  const onSelect = (date: Dayjs, info: { source: string }) => {
    if (info.source !== 'date') return;
    const key = date.format('YYYY-MM-DD');
    const log = byDay.get(key);
    if (log) void navigate(`/basiclog/detail/${log.id}`);
    else if (canAdd && key <= today && cal.data) setTarget({ animalId: id, animalName: cal.data.animalName, day: key });
  };

  const d = cal.data;
  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span>{t('basicLog.calendarTitle')}</span>
          {d ? (
            <>
              <Typography.Text strong data-testid="calendar-subject">
                {d.animalName}
              </Typography.Text>
              <Tag>{t(`basicLog.type.${d.animalType}`)}</Tag>
              <Tag>{d.speciesName}</Tag>
              {d.cageName ? <Tag>{d.cageName}</Tag> : null}
              <Typography.Text type="secondary" data-testid="calendar-count">
                {t('basicLog.loggedDays', { n: d.days.length })}
              </Typography.Text>
            </>
          ) : null}
        </Space>
      }
    >
      <Spin spinning={cal.isFetching}>
        <Calendar
          value={month}
          onPanelChange={(v) => setMonth(v)}
          onChange={(v) => setMonth(v)}
          onSelect={onSelect}
          cellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
        />
      </Spin>
      {target ? (
        <LogDialog
          target={target}
          onClose={() => setTarget(null)}
          onSaved={() => {
            void cal.refetch();
          }}
        />
      ) : null}
    </Card>
  );
}
