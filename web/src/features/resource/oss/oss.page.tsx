import { ossEndpoints } from '@zoo/contract';
import { useTranslation } from 'react-i18next';
import { useRowDialog } from '../../../crud';
import { ConfigPage } from '../shared/config-page';
import { ossPage } from './oss.crud';
import { OssDebugDialog } from './oss-debug';

export default function OssPage() {
  const { t } = useTranslation();
  const debug = useRowDialog<Record<string, unknown>>('oss_debug', t('oss.debug'), (row, close) => (
    <OssDebugDialog code={String(row.ossCode)} onClose={close} />
  ));
  return (
    <>
      <ConfigPage def={ossPage} enable={ossEndpoints.enable} enablePerm="oss_enable" rowActions={debug.action} />
      {debug.dialog}
    </>
  );
}
