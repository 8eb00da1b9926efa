import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog } from '../../../crud';
import { modelPage } from './model.crud';
import { PrototypeDialog } from './prototype-dialog';

export default function ModelPage() {
  const { t } = useTranslation();
  const proto = useRowDialog<Record<string, unknown>>('model_prototype', t('model.prototype'), (row, close) => (
    <PrototypeDialog modelId={String(row.id)} title={String(row.modelName)} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={modelPage} rowActions={proto.action} />
      {proto.dialog}
    </>
  );
}
