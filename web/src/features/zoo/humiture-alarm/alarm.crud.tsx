import { HUMITURE_ALARM_KINDS, HUMITURE_ALARM_STATES, humitureAlarm } from '@zoo/contract';
import { Tag } from 'antd';
import { defineCrudPage, readonlyResource } from '../../../crud';
import { t } from '../../../lib/i18n';

const unit = (kind: unknown) => (kind === 1 ? '℃' : '%');

/** 环境告警 (contract `humitureAlarm`): read-only, open ones first; the page adds 确认 and the cage links. */
export const alarmPage = defineCrudPage({
  crud: readonlyResource(humitureAlarm),
  i18n: 'alarm',
  readOnly: true,
  actionWidth: 200,
  fields: {
    open: {
      width: 100,
      widget: 'select',
      options: HUMITURE_ALARM_STATES.map((s) => ({ value: s, label: `alarm.states.${s}` })),
      search: { key: 'state' },
      render: (v, row) => (
        <>
          <Tag color={v ? 'red' : 'green'}>{t(v ? 'alarm.states.open' : 'alarm.states.closed')}</Tag>
          {row.notifiedToMe ? <Tag color="orange">{t('alarm.toMe')}</Tag> : null}
        </>
      ),
    },
    cageCode: { width: 110 },
    cageName: { width: 140 },
    kind: {
      width: 90,
      widget: 'select',
      options: HUMITURE_ALARM_KINDS.map((k) => ({ value: k, label: `alarm.kinds.${k}` })),
      search: { key: 'kind_equal' },
    },
    value: { width: 100, render: (v, row) => `${String(v)}${unit(row.kind)}` },
    peak: { width: 110, render: (v, row) => `${String(v)}${unit(row.kind)}` },
    rangeMin: {
      label: 'alarm.range',
      width: 120,
      render: (_v, row) => `${row.rangeMin === '' ? '—' : String(row.rangeMin)} ~ ${row.rangeMax === '' ? '—' : String(row.rangeMax)}${unit(row.kind)}`,
    },
    startTime: { width: 170, search: { range: ['startTime_datege', 'startTime_datele'] } },
    endTime: { width: 170 },
    ackUserName: { width: 100 },
    ackTime: { width: 170 },
  },
});
