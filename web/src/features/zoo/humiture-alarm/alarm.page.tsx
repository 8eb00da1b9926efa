import { humitureAlarmEndpoints } from '@zoo/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { alarmPage } from './alarm.crud';

/**
 * /zoo/alarm — 环境告警: every alarm of the zoo, open ones first; a keeper's own (raised in a cage they keep) are
 * tagged 通知我. 确认 (humiture_alarm_ack) records who saw to it; 温湿度 opens the cage's history.
 */
export default function AlarmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage
      def={alarmPage}
      rowActions={(row, ctx) => (
        <>
          {row.ackTime === '' && ctx.can('humiture_alarm_ack') ? (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void call(humitureAlarmEndpoints.ack, { query: { ids: row.id } }).then(() => {
                  toast.success(t('alarm.acked'));
                  ctx.refresh();
                })
              }
            >
              {t('alarm.ack')}
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => void navigate(`/cage/humiture/${row.cageId}`)}>
            {t('humiture.title')}
          </Button>
        </>
      )}
    />
  );
}
