import { FLAG_MICROCHIP, animalFlag, parseMicrochip } from '@zoo/contract';
import { Form, Input, Tag, Typography } from 'antd';
import { defineCrudPage, type ControlProps } from '../../../crud';
import { t } from '../../../lib/i18n';

/** What a microchip code's ISO 11784 prefix means, or why it is not ISO (legacy codes are flagged, not refused). */
export function ChipHint({ code }: { code: string }) {
  if (!code.trim()) return null;
  const chip = parseMicrochip(code);
  if (!chip) return <Typography.Text type="danger">{t('zooAnimalFlag.chipInvalid')}</Typography.Text>;
  return (
    <Typography.Text type={chip.isoCompliant ? 'secondary' : 'warning'}>
      {chip.isoCompliant ? `${t('zooAnimalFlag.prefix')} ${chip.prefix}: ${chip.prefixMeaning}` : chip.prefixMeaning}
    </Typography.Text>
  );
}

/** The code input; for microchips (type 1) the prefix meaning shows under it as the user types. */
export function FlagCodeInput(control: ControlProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as string | number | undefined;
  const code = typeof control.value === 'string' ? control.value : '';
  return (
    <>
      <Input allowClear id={control.id} disabled={control.disabled} value={code} onChange={(e) => control.onChange?.(e.target.value)} />
      {Number(type) === FLAG_MICROCHIP ? <ChipHint code={code} /> : null}
    </>
  );
}

/** A flag version's state: 当前 or 已作废 (with the time). */
export const flagState = (row: { current: boolean; voidTime: string }) =>
  row.current ? <Tag color="green">{t('zooAnimalFlag.inForce')}</Tag> : <Tag>{`${t('zooAnimalFlag.voided')} ${row.voidTime}`}</Tag>;

/** One animal's identification flags (all versions, voided ones kept); the page fixes animalId. */
export const flagPageFor = (animalId: string) =>
  defineCrudPage({
    crud: animalFlag,
    i18n: 'zooAnimalFlag',
    modalWidth: 720,
    actionWidth: 220,
    baseQuery: { animalId },
    toInput: (values) => ({ ...values, animalId }),
    // A voided version is history: kept, never edited or deleted.
    rowWritable: (row) => row.current,
    fields: {
      type: { dict: 'flag_type', width: 90, search: { key: 'type' } },
      code: {
        widget: 'custom',
        input: (p) => <FlagCodeInput {...p} />,
        width: 220,
        render: (v, row) => (
          <>
            <Typography.Text code>{String(v)}</Typography.Text>
            {row.prefixMeaning ? (
              <div>
                <Typography.Text type="secondary">{row.prefixMeaning}</Typography.Text>
              </div>
            ) : null}
          </>
        ),
      },
      version: { width: 70 },
      current: { width: 200, render: (_v, row) => flagState(row) },
      issueDate: { widget: 'date', width: 110, render: (v) => (typeof v === 'string' ? v.slice(0, 10) : '') },
      issuer: { width: 120 },
      voidReason: { width: 120 },
      remark: { widget: 'textarea', rows: 3, table: false },
    },
  });
