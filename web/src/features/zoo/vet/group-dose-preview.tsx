import { computeDose, medDrug, type ConcentrationUnit } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Descriptions, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudKeys, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';
import { amountText } from '../shared/vet-amount';

type DrugRow = { id: string; concentration: number | ''; concentrationUnit: number };

const num = (v: unknown): number | null => {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A group treatment's dose by weight, bound to `confirmOutOfRange`: mg and amount per head and for the heads treated,
 * from the form's drug, mg/kg, mean weight per head and heads — the contract's `computeDose`, the arithmetic the save
 * runs (the totals from the unrounded product). The range is checked on save against the species' own range; a
 * refused rate is saved once the box is ticked, and marked.
 */
export function GroupDosePreview({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const drugId = Form.useWatch('drugId', form) as string | undefined;
  const rate = num(Form.useWatch('doseMgKg', form));
  const head = num(Form.useWatch('headWeightKg', form));
  const heads = num(Form.useWatch('countTreated', form));
  // The drug select's own query: the formulary is read once for both.
  const q = useQuery({
    queryKey: [...crudKeys.lists(medDrug.name), 'select'],
    queryFn: () => call(medDrug.endpoints.list, { query: { current: 1, size: 1000 } }),
  });
  const drug = ((q.data as { records?: DrugRow[] } | undefined)?.records ?? []).find((d) => d.id === drugId);
  const unit = (drug?.concentrationUnit ?? 1) as ConcentrationUnit;
  const dose = (kg: number) =>
    computeDose({ mgPerKg: rate!, weightKg: kg, concentration: drug && drug.concentration !== '' ? drug.concentration : null, concentrationUnit: unit });
  const ready = Boolean(drug && rate !== null && head !== null);
  const perHead = ready ? dose(head!) : undefined;
  const total = ready && heads !== null ? dose(Number((head! * heads).toFixed(4))) : undefined;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="group-dose">
      {perHead ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('vetGroupTreatment.doseMg')}>
            {t('vetTreatment.dose', { mg: perHead.doseMg })} · {amountText(t, perHead.amount ?? '', unit)}
          </Descriptions.Item>
          {total ? (
            <Descriptions.Item label={t('vetGroupTreatment.totalMg')}>
              <Typography.Text strong data-testid="group-dose-total">
                {t('vetTreatment.dose', { mg: total.doseMg })} · {amountText(t, total.amount ?? '', unit)}
              </Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('vetGroupTreatment.doseHint')}</Typography.Text>
      )}
      <Checkbox checked={Boolean(value)} disabled={disabled} onChange={(e) => onChange?.(e.target.checked)}>
        {t('vetTreatment.confirm')}
      </Checkbox>
    </Space>
  );
}
