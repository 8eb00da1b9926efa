import { reportEndpoints } from '@zoo/contract';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../crud';
import { download } from '../../../lib/request/transfer';

/**
 * 导出 Excel / PDF of a saved report as plain buttons (keys xlsx, pdf): a list row passes them to the shared row
 * bar, which can put them under 更多 (decision 0048); elsewhere `ExportButtons` shows them.
 */
export const exportButtonList = (id: string, t: TFunction, size?: 'small') =>
  (['xlsx', 'pdf'] as const).map((format) => (
    <Button key={format} size={size} type={size ? 'link' : 'default'} onClick={() => download(reportEndpoints.export, { id, format })}>
      {t(format === 'xlsx' ? 'report.exportXlsx' : 'report.exportPdf')}
    </Button>
  ));

/** 导出 Excel / PDF of a saved report (button code report_list_export). */
export function ExportButtons({ id, size }: { id: string; size?: 'small' }) {
  const { t } = useTranslation();
  const can = useCan('report_list_export');
  if (!can) return null;
  return <>{exportButtonList(id, t, size)}</>;
}
