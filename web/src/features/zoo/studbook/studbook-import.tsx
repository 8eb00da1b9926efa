import { studbookEndpoints as ep } from '@zoo/contract';
import { Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetImportDialog } from '../../../components/sheet-import-dialog';
import { upload } from '../../../lib/request/transfer';

/**
 * The studbook import dialog (decision 0037): an xlsx or the PMx pedigree CSV, into the national or international
 * studbook, answered at once (one transaction) with counts and every row not taken.
 */
export function StudbookImportDialog({ speciesId, onClose, onDone }: { speciesId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<1 | 2>(1);
  return (
    <SheetImportDialog
      testId="studbook-import"
      title={t('studbook.import.title')}
      hint={t('studbook.import.hint')}
      accept=".xlsx,.csv"
      extra={
        <Space wrap>
          <span>{t('studbook.import.scope')}</span>
          <Segmented
            value={scope}
            onChange={(v) => setScope(v as 1 | 2)}
            options={[
              { label: t('studbook.import.national'), value: 1 },
              { label: t('studbook.import.international'), value: 2 },
            ]}
          />
        </Space>
      }
      send={async (file) => {
        const r = await upload(ep.import, file, { speciesId, scope });
        onDone();
        return r;
      }}
      summary={(r) => t('studbook.import.summary', { total: r.total, created: r.created, matched: r.matched, rejected: r.rejected.length })}
      onClose={onClose}
    />
  );
}
