import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { datasourcePage } from './datasource.crud';
import { testConnection } from './datasource-test';

export default function DatasourcePage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (body: Record<string, unknown>) => {
    setBusy(true);
    await testConnection(body);
    setBusy(false);
  };
  return (
    <CrudPage
      def={datasourcePage}
      rowActions={(row, ctx) =>
        ctx.can('datasource') ? (
          <Button type="link" size="small" disabled={busy} onClick={() => void run({ id: row.id })}>
            {t('datasource.test')}
          </Button>
        ) : null
      }
      formFooter={({ form, mode, row }) =>
        mode === 'view' ? null : (
          <Button loading={busy} onClick={() => void run({ ...form.getFieldsValue(), id: row?.id })}>
            {t('datasource.test')}
          </Button>
        )
      }
    />
  );
}
