import { reportEndpoints } from '@zoo/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../crud';
import { download } from '../../../lib/request/transfer';

/** 导出 Excel / PDF of a saved report (button code report_list_export). */
export function ExportButtons({ id, size }: { id: string; size?: 'small' }) {
  const { t } = useTranslation();
  const can = useCan('report_list_export');
  if (!can) return null;
  return (
    <>
      <Button size={size} type={size ? 'link' : 'default'} onClick={() => download(reportEndpoints.export, { id, format: 'xlsx' })}>
        {t('report.exportXlsx')}
      </Button>
      <Button size={size} type={size ? 'link' : 'default'} onClick={() => download(reportEndpoints.export, { id, format: 'pdf' })}>
        {t('report.exportPdf')}
      </Button>
    </>
  );
}
