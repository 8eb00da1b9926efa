import { vetRoundEndpoints as ep, type WeightRefImportResult } from '@zoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, upload } from '../../../lib/request/transfer';
import { ZooSpeciesSelect } from '../shared/registry-widgets';
import { VetSheetImport } from './vet-sheet-import';

/** The reference-curve import (decision 0038): a species and an xlsx of (日龄, 参考体重, 来源). */
export function WeightRefImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [speciesId, setSpeciesId] = useState('');
  return (
    <VetSheetImport
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
      summary={(r) => {
        const x = r as unknown as WeightRefImportResult;
        return t('vetWeightRef.import.summary', { total: x.total, created: x.created, updated: x.updated, rejected: x.rejected.length });
      }}
      onClose={onClose}
    />
  );
}
