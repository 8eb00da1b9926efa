import { vetRoundEndpoints as ep } from '@zoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetImportDialog } from '../../../components/sheet-import-dialog';
import { download, upload } from '../../../lib/request/transfer';
import { ZooSpeciesSelect } from '../shared/registry-widgets';

/** The reference-curve import (decision 0038): a species and an xlsx of (日龄, 参考体重, 来源). */
export function WeightRefImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [speciesId, setSpeciesId] = useState('');
  return (
    <SheetImportDialog
      testId="weight-ref-import"
      title={t('vetWeightRef.import.title')}
      hint={t('vetWeightRef.import.hint')}
      ready={Boolean(speciesId)}
      extra={
        <div>
          <label htmlFor="weight-ref-import-species">{t('vetWeightRef.speciesId')}</label>
          <ZooSpeciesSelect id="weight-ref-import-species" value={speciesId} onChange={(v) => setSpeciesId(String(v ?? ''))} />
        </div>
      }
      send={async (file) => {
        const r = await upload(ep.weightRefImport, file, { speciesId });
        onDone();
        return r;
      }}
      template={() => download(ep.weightRefExport)}
      summary={(r) => t('vetWeightRef.import.summary', { total: r.total, created: r.created, updated: r.updated, rejected: r.rejected.length })}
      onClose={onClose}
    />
  );
}
