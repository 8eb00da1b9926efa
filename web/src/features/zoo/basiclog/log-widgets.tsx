import { animal, APPETITES, BEHAVIOURS, FAECES, HEALTHS, INTAKES, population, type DietItem } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Input, InputNumber, Select, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INTAKE_COLOURS } from './log-tags';
import type { ControlProps, Option } from '../../../crud';
import { call } from '../../../lib/request';
import { PickOne } from '../../../components/pick-select';

/** Options of an observation: labels are i18n keys, so zh and en both read them. */
const opts = (group: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `basicLog.${group}.${k}`, value: k }));
export const intakeOptions = opts('intakes', INTAKES);
export const appetiteOptions = opts('appetites', APPETITES);
export const behaviourOptions = opts('behaviours', BEHAVIOURS);
export const faecesOptions = opts('faecesValues', FAECES);
export const healthOptions = opts('healths', HEALTHS);
export const typeOptions = opts('type', [1, 2]);

export { HealthTag, IntakeTag } from './log-tags';

/** Common feed units; any other text may be typed. */
const UNITS = ['g', 'kg', '个', '只', '根', 'ml', 'L', '份'].map((u) => ({ value: u }));

export type DietRow = { food?: string; amount?: number | '' | null; unit?: string; intake?: number };

/** The diet items of a log: food, amount, unit and how much of it was eaten; rows are added and removed. */
export function DietEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = (Array.isArray(value) ? value : []) as DietRow[];
  const set = (i: number, patch: Partial<DietRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => (
        <Space key={i} wrap size={6} data-testid="diet-row">
          <Input
            aria-label={t('basicLog.food')}
            placeholder={t('basicLog.food')}
            value={r.food}
            disabled={disabled}
            style={{ width: 140 }}
            onChange={(e) => set(i, { food: e.target.value })}
          />
          <InputNumber
            aria-label={t('basicLog.amount')}
            placeholder={t('basicLog.amount')}
            value={r.amount === '' ? null : r.amount}
            min={0}
            disabled={disabled}
            style={{ width: 100 }}
            onChange={(v) => set(i, { amount: v })}
          />
          <AutoComplete
            aria-label={t('basicLog.unit')}
            placeholder={t('basicLog.unit')}
            value={r.unit}
            options={UNITS}
            disabled={disabled}
            style={{ width: 80 }}
            onChange={(v) => set(i, { unit: v })}
          />
          <Select
            aria-label={t('basicLog.intake')}
            value={r.intake ?? 1}
            disabled={disabled}
            style={{ width: 120 }}
            options={intakeOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
            onChange={(v) => set(i, { intake: v })}
          />
          <Button icon={<DeleteOutlined />} aria-label={t('crud.delete')} disabled={disabled} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.([...rows, { food: '', amount: null, unit: '', intake: 1 }])}>
        {t('basicLog.addFood')}
      </Button>
    </Space>
  );
}

/** Diet shown as text: "竹子 12.5kg (吃完)". */
export function DietText({ diet }: { diet: DietItem[] }) {
  const { t } = useTranslation();
  if (!diet.length) return <span>{t('basicLog.noDiet')}</span>;
  return (
    <Space size={4} wrap>
      {diet.map((d, i) => (
        <Tag key={i} color={INTAKE_COLOURS[d.intake]}>
          {d.food} {d.amount}
          {d.unit} · {t(`basicLog.intakes.${d.intake}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** Individuals in stock and populations, one searchable list (a log is about either). */
export function SubjectSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const animals = useQuery({
    queryKey: ['basiclog-subjects', 'animals'],
    queryFn: () => call(animal.endpoints.list, { query: { status: '1', current: 1, size: 1000 } }),
  });
  const pops = useQuery({
    queryKey: ['basiclog-subjects', 'populations'],
    queryFn: () => call(population.endpoints.list, { query: { current: 1, size: 1000 } }),
  });
  const options = [
    {
      label: t('basicLog.type.1'),
      options: ((animals.data as { records?: Array<{ id: string; animalName: string; localNo: string; speciesName: string }> } | undefined)?.records ?? []).map(
        (a) => ({ value: a.id, label: `${a.animalName ? `${a.animalName} (${a.localNo})` : a.localNo} · ${a.speciesName}` }),
      ),
    },
    {
      label: t('basicLog.type.2'),
      options: (
        (pops.data as { records?: Array<{ id: string; populationName: string; speciesName: string; cageName: string }> } | undefined)?.records ?? []
      ).map((p) => ({ value: p.id, label: `${p.populationName || p.speciesName} · ${p.speciesName} · ${p.cageName}` })),
    },
  ];
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('basicLog.pickAnimal')}
      loading={animals.isLoading || pops.isLoading}
      disabled={disabled}
      options={options}
    />
  );
}
