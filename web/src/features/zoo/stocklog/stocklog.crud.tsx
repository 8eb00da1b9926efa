import { stockLog, MOVEMENT_TYPES } from '@zoo/contract';
import { Tag, Typography } from 'antd';
import { z } from 'zod';
import { defineCrudPage, DictTag, type CrudResource } from '../../../crud';
import { t } from '../../../lib/i18n';
import { SpeciesCageSelect, ZooSpeciesSelect } from '../shared/registry-widgets';

/**
 * The ledger as a browse-only CRUD resource: list and detail. Rows are never edited or deleted; its `reverse` (a
 * compensating row) is a row action of the page.
 */
export const stockLogResource = {
  name: stockLog.name,
  title: stockLog.title,
  record: stockLog.record,
  input: z.object({}),
  filters: stockLog.filters,
  params: stockLog.params,
  perms: { add: '', edit: '', delete: '', view: stockLog.perms.view },
  endpoints: { list: stockLog.endpoints.list, detail: stockLog.endpoints.detail },
} satisfies CrudResource;

const KIND_COLOR: Record<string, string> = {
  born: 'green',
  import: 'cyan',
  export: 'orange',
  move: 'blue',
  die: 'red',
  cancel: 'volcano',
  census: 'default',
  reverse: 'purple',
};
const TYPE_DICT = { born: 'born_type', import: 'import_type', export: 'export_type', die: 'die_type', cancel: 'cancellation_type' } as const;

type Row = z.output<typeof stockLog.record>;

export const kindTag = (kind: string) => <Tag color={KIND_COLOR[kind]}>{t(`zooStockLog.kind.${kind}`)}</Tag>;

/** "2.3.0 → 2.1.0" for the stock the row changed (both sides of a move). */
export const stockCell = (r: Pick<Row, 'fromBefore' | 'fromAfter' | 'toBefore' | 'toAfter'>) => (
  <>
    {r.fromBefore ? <div>{`${r.fromBefore} → ${r.fromAfter}`}</div> : null}
    {r.toBefore ? <div>{`${r.toBefore} → ${r.toAfter}`}</div> : null}
  </>
);

export const stockLogPage = defineCrudPage({
  crud: stockLogResource,
  i18n: 'zooStockLog',
  readOnly: true,
  actionWidth: 90,
  fields: {
    movementType: {
      width: 100,
      options: MOVEMENT_TYPES.map((k) => ({ value: k, label: `zooStockLog.kind.${k}` })),
      widget: 'select',
      search: true,
      render: (v, row) => (
        <>
          {kindTag(String(v))}
          {row.reversalId ? <Typography.Text type="secondary">{t('zooStockLog.reversed')}</Typography.Text> : null}
        </>
      ),
    },
    eventDate: { width: 110, render: (v) => String(v).slice(0, 10), search: { range: ['eventDate_datege', 'eventDate_datele'] } },
    speciesId: { widget: 'custom', table: false, search: { input: (p) => <ZooSpeciesSelect {...p} all /> } },
    speciesName: { width: 100 },
    animalType: { width: 90, render: (v) => t(`zooStockLog.mode.${String(v)}`) },
    localNo: { width: 110, render: (_v, row) => (row.localNo ? `${row.localNo} ${row.animalName}` : '') },
    cageId: { widget: 'custom', table: false, search: { input: (p) => <SpeciesCageSelect {...p} /> } },
    fromCageName: { width: 130 },
    toCageName: { width: 130 },
    totalQuantity: {
      label: 'zooStockLog.quantities',
      width: 100,
      render: (_v, row) => `${row.maleQuantity}.${row.femaleQuantity}.${row.theyQuantity}`,
    },
    fromBefore: { label: 'zooStockLog.stock', width: 130, render: (_v, row) => stockCell(row) },
    typeKey: {
      width: 100,
      render: (v, row) => {
        const dict = TYPE_DICT[row.movementType as keyof typeof TYPE_DICT];
        return dict && v ? <DictTag code={dict} value={v} /> : row.movementType === 'reverse' && v ? t(`zooStockLog.kind.${String(v)}`) : '';
      },
    },
    counterpart: { width: 130 },
    remark: { width: 140 },
    createUserName: { width: 90 },
  },
});
