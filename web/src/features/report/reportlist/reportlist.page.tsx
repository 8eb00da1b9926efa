import { report, reportEndpoints, ReportDesign, type ReportRecord, type ReportResult } from '@zoo/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { call } from '../../../lib/request';
import { exportButtonList, ExportButtons } from './export-buttons';
import { ReportDesigner, type DesignForm } from './report-designer';
import { ReportPreview } from './report-preview';
import { reportListPage } from './reportlist.crud';

type Shown = { id: string; name: string; design: ReportDesign; result: ReportResult };

/** /report/reportlist — 报表列表: saved reports; 新建/设计 open the designer, 预览 runs a report, 导出 downloads it. */
export default function ReportListPage() {
  const { t } = useTranslation();
  const [designing, setDesigning] = useState<DesignForm | 'new' | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const detail = async (row: ReportRecord) => {
    const d = await call(report.endpoints.detail, { query: { id: row.id } });
    return { id: d.id, name: d.name, remark: d.remark, design: ReportDesign.parse(d.design) };
  };
  const run = async (r: { id: string; name: string; design: ReportDesign }, current = 1, size = 20) => {
    const result = await call(reportEndpoints.preview, { body: { design: r.design, current, size } });
    setShown({ ...r, result });
  };
  return (
    <>
      <CrudPage
        def={reportListPage}
        toolbar={(ctx) =>
          ctx.can('report_list_add') ? (
            <Button type="primary" onClick={() => setDesigning('new')}>
              {t('report.add')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => (
          <>
            {ctx.can('report_list_edit') ? (
              <Button type="link" size="small" onClick={() => void detail(row).then(setDesigning)}>
                {t('report.design')}
              </Button>
            ) : null}
            <Button type="link" size="small" onClick={() => void detail(row).then((d) => run(d))}>
              {t('report.preview')}
            </Button>
            {ctx.can('report_list_export') ? exportButtonList(row.id, t, 'small') : null}
            {ctx.can('report_list_delete') ? (
              <Button type="link" size="small" danger onClick={() => ctx.remove([row])}>
                {t('crud.delete')}
              </Button>
            ) : null}
          </>
        )}
      />
      {designing ? <ReportDesigner initial={designing === 'new' ? undefined : designing} onClose={() => setDesigning(null)} /> : null}
      {shown ? (
        <Modal open width="min(1100px, 100vw)" title={shown.name} footer={<ExportButtons id={shown.id} />} onCancel={() => setShown(null)}>
          <ReportPreview design={shown.design} result={shown.result} onPage={(c, s) => void run(shown, c, s)} />
        </Modal>
      ) : null}
    </>
  );
}
