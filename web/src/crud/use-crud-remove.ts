import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../lib/feedback';
import { useCrudRemoveCall } from './crud-queries';
import type { AnyCrudPageDef, AnyRow } from './types';

/** Confirm, remove?ids=a,b, report; shared by the batch button and the row action. */
export function useCrudRemove(def: AnyCrudPageDef, onRemoved: () => void) {
  const { t } = useTranslation();
  const remove = useCrudRemoveCall(def);
  const rowKey = def.rowKey ?? 'id';
  return (rows: AnyRow[]) => {
    if (!rows.length) return toast.warning(t('crud.selectOne'));
    confirm({
      title: t('layout.tip'),
      content: t('crud.deleteConfirm'),
      onOk: async () => {
        try {
          await remove.mutateAsync(rows.map((r) => String(r[rowKey])));
        } catch {
          return; // already toasted; the dialog just closes
        }
        toast.success(t('crud.deleteSuccess'));
        onRemoved();
      },
    });
  };
}
