import { regionEndpoints } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/import-dialog';
import { CrudPage, crudKeys } from '../../../crud';
import { confirm } from '../../../lib/feedback';
import { download } from '../../../lib/request/transfer';
import { regionPage } from './region.crud';

export default function RegionPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <CrudPage
        def={regionPage}
        toolbar={(ctx) => (
          <>
            {ctx.can('region_import') ? <Button onClick={() => setImporting(true)}>{t('transfer.import')}</Button> : null}
            {ctx.can('region_export') ? (
              <Button
                onClick={() =>
                  confirm({ title: t('layout.tip'), content: t('region.exportConfirm'), onOk: () => download(regionEndpoints.exportFile, ctx.filters) })
                }
              >
                {t('transfer.export')}
              </Button>
            ) : null}
          </>
        )}
      />
      {importing ? (
        <ImportDialog
          title={t('region.import')}
          calls={regionEndpoints}
          onClose={() => setImporting(false)}
          onFinished={() => void client.invalidateQueries({ queryKey: crudKeys.lists(regionPage.crud.name) })}
        />
      ) : null}
    </>
  );
}
