import { transferLog } from '@zoo/contract';
import { z } from 'zod';
import { defineCrudPage, DictTag, type CrudResource } from '../../../crud';
import { t } from '../../../lib/i18n';

/** Transfers as a browse CRUD resource: list and detail; propose, confirm and withdraw are the page's own dialogs. */
export const transferResource = {
  name: transferLog.name,
  title: transferLog.title,
  record: transferLog.record,
  input: z.object({}),
  filters: transferLog.filters,
  params: transferLog.params,
  perms: { add: '', edit: '', delete: '', view: transferLog.perms.view },
  endpoints: { list: transferLog.endpoints.list, detail: transferLog.endpoints.detail },
} satisfies CrudResource;

const day = (v: unknown) => String(v ?? '').slice(0, 10);

/** One list per direction (转出 / 转入): the same columns, the other zoo named on each side. */
export const transferPage = (direction: 'out' | 'in') =>
  defineCrudPage({
    crud: transferResource,
    i18n: 'zooTransfer',
    readOnly: true,
    actionWidth: 150,
    baseQuery: { direction },
    fields: {
      transferStatus: {
        width: 90,
        search: true,
        widget: 'select',
        options: [0, 1, 2, 3].map((k) => ({ value: String(k), label: `zooTransfer.state.${k}` })),
        render: (v) => <DictTag code="transfer_status" value={v as number} />,
      },
      transferDate: { width: 110, render: day },
      ...(direction === 'out' ? { toZooName: { width: 130 } } : { fromZooName: { width: 130 } }),
      speciesName: { width: 110 },
      animalType: { width: 90, render: (v) => t(`zooTransfer.mode.${String(v)}`) },
      localNo: { width: 130, render: (_v, row) => (row.localNo ? `${row.localNo} ${row.animalName}` : '') },
      maleQuantity: { label: 'zooTransfer.quantities', width: 110, render: (_v, row) => `${row.maleQuantity}.${row.femaleQuantity}.${row.theyQuantity}` },
      cageName: { width: 130 },
      toCageName: { width: 130 },
      transferOpinion: { width: 150 },
      remark: { width: 140 },
      createUserName: { width: 90 },
      confirmTime: { width: 110, render: day },
    },
  });
