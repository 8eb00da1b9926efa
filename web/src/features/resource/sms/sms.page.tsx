import { smsEndpoints } from '@zoo/contract';
import { useTranslation } from 'react-i18next';
import { useRowDialog } from '../../../crud';
import { ConfigPage } from '../shared/config-page';
import { smsPage } from './sms.crud';
import { SmsSendDialog } from './sms-send';

export default function SmsPage() {
  const { t } = useTranslation();
  const send = useRowDialog<Record<string, unknown>>('sms_debug', t('sms.send'), (row, close) => <SmsSendDialog code={String(row.smsCode)} onClose={close} />);
  return (
    <>
      <ConfigPage def={smsPage} enable={smsEndpoints.enable} enablePerm="sms_enable" rowActions={send.action} />
      {send.dialog}
    </>
  );
}
