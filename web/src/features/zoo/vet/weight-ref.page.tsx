import { vetRoundEndpoints as ep } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudKeys } from '../../../crud';
import { download } from '../../../lib/request/transfer';
import { weightRefPage } from './vet-round.crud';
import { WeightRefImportDialog } from './weight-ref-import';

/** /zoo/vet/weight-ref — 参考生长曲线: species reference weights by age; import from and export to xlsx. */
export default function WeightRefPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <CrudPage
        def={weightRefPage}
        toolbar={(ctx) => {
          const speciesId = String(ctx.filters.speciesId ?? '');
          return (
            <>
              {ctx.can('vet_weight_ref_add') ? (
                <Button onClick={() => setImporting(true)} data-testid="weight-ref-import">
                  {t('vetWeightRef.import.button')}
                </Button>
              ) : null}
              <Button
                disabled={!speciesId}
                title={speciesId ? undefined : t('vetWeightRef.exportHint')}
                onClick={() => download(ep.weightRefExport, { speciesId })}
                data-testid="weight-ref-export"
              >
                {t('vetWeightRef.export')}
              </Button>
            </>
          );
        }}
      />
      {importing ? (
        <WeightRefImportDialog onClose={() => setImporting(false)} onDone={() => void qc.invalidateQueries({ queryKey: crudKeys.lists('vet_weight_ref') })} />
      ) : null}
    </>
  );
}
