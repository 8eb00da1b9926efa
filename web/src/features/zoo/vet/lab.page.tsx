import { vetRoundEndpoints as ep } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetImportDialog } from '../../../components/sheet-import-dialog';
import { CrudPage, crudKeys } from '../../../crud';
import { download, upload } from '../../../lib/request/transfer';
import { labPage } from './vet.crud';

/** /zoo/vet/lab — 检验结果: laboratory results, values outside their reference interval flagged 偏低 / 偏高; a batch imported from xlsx. */
export default function LabPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <CrudPage
        def={labPage}
        toolbar={(ctx) =>
          ctx.can('vet_lab_add') ? (
            <Button onClick={() => setImporting(true)} data-testid="lab-import">
              {t('vetLab.import.button')}
            </Button>
          ) : null
        }
      />
      {importing ? (
        <SheetImportDialog
          testId="lab-import"
          title={t('vetLab.import.title')}
          hint={t('vetLab.import.hint')}
          send={async (file) => {
            const r = await upload(ep.labImport, file);
            void qc.invalidateQueries({ queryKey: crudKeys.lists('vet_lab') });
            return r;
          }}
          template={() => download(ep.labTemplate)}
          summary={(r) => t('vetLab.import.summary', { total: r.total, created: r.created, rejected: r.rejected.length })}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </>
  );
}
