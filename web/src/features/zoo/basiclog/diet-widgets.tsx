import { dictBiz, FOOD_DICT, type DietFeeding } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

type Row = { no?: number; time: string; foodKey: string; amount: number | null; unit: string; price: number | '' | null; note: string };

/** The zoo's food items (business dictionary `zoo_food`). */
export function useFoods() {
  return useQuery({ queryKey: ['diet', 'foods'], queryFn: () => call(dictBiz.extra.dictionary, { query: { code: FOOD_DICT } }) });
}

/** A plan's feedings: one row per feeding of the day. */
export function FeedingsEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = (Array.isArray(value) ? value : []) as Row[];
  const foods = useFoods();
  const set = (i: number, patch: Partial<Row>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => (
        <Space key={i} wrap size={6} data-testid="feeding-row">
          <Input
            aria-label={t('dietPlan.time')}
            placeholder="08:00"
            value={r.time}
            disabled={disabled}
            style={{ width: 80 }}
            onChange={(e) => set(i, { time: e.target.value })}
          />
          <Select
            aria-label={t('dietPlan.food')}
            placeholder={t('dietPlan.food')}
            showSearch
            optionFilterProp="label"
            value={r.foodKey || undefined}
            options={(foods.data ?? []).map((f) => ({ value: f.dictKey, label: f.dictValue }))}
            disabled={disabled}
            style={{ width: 140 }}
            onChange={(v) => set(i, { foodKey: String(v ?? '') })}
          />
          <InputNumber
            aria-label={t('dietPlan.amount')}
            placeholder={t('dietPlan.amount')}
            value={r.amount}
            min={0}
            disabled={disabled}
            style={{ width: 110 }}
            onChange={(v) => set(i, { amount: v })}
          />
          <Input
            aria-label={t('dietPlan.unit')}
            placeholder="kg"
            value={r.unit}
            disabled={disabled}
            style={{ width: 70 }}
            onChange={(e) => set(i, { unit: e.target.value })}
          />
          <InputNumber
            aria-label={t('dietPlan.price')}
            placeholder={t('dietPlan.price')}
            value={r.price === '' ? null : r.price}
            min={0}
            disabled={disabled}
            style={{ width: 110 }}
            onChange={(v) => set(i, { price: v })}
          />
          <Input
            aria-label={t('dietPlan.note')}
            placeholder={t('dietPlan.note')}
            value={r.note}
            disabled={disabled}
            style={{ width: 180 }}
            onChange={(e) => set(i, { note: e.target.value })}
          />
          <Button
            aria-label={t('dietPlan.removeFeeding')}
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { time: '', foodKey: '', amount: null, unit: 'kg', price: null, note: '' }])}
      >
        {t('dietPlan.addFeeding')}
      </Button>
    </Space>
  );
}

export function FeedingsText({ feedings }: { feedings: DietFeeding[] }) {
  return <>{feedings.map((f) => `${f.time} ${f.foodName} ${f.amount}${f.unit}`).join('; ')}</>;
}
