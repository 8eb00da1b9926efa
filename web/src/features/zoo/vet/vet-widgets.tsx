import { medCase, medDrug, medWeight, vetEndpoints, type AnaesthesiaAgent, type DoseCalc } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Descriptions, Empty, Form, InputNumber, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickOne } from '../../../components/pick-select';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { crudKeys, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';
import { amountText } from '../shared/vet-amount';
import { animalLabel, useZooAnimals } from '../shared/zoo-animals';

type Rows<T> = { records?: T[] } | undefined;

/** An individual of the zoo (cases and weights are of individuals), searchable by name, local number, species. */
export function AnimalSelect({ id, value, onChange, disabled, placeholder, label }: ControlProps & { placeholder?: string; label?: string }) {
  const { t } = useTranslation();
  const q = useZooAnimals();
  const options = (q.data ?? []).map((a) => ({ value: a.id, label: animalLabel(a) }));
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      label={label}
      placeholder={placeholder ?? t('vetWeight.animalId')}
      loading={q.isLoading}
      disabled={disabled}
      options={options}
      style={{ minWidth: 260 }}
    />
  );
}

export function CaseSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(medCase.name), 'select'],
    queryFn: () => call(medCase.endpoints.list, { query: { current: 1, size: 200 } }),
  });
  const options = ((q.data as Rows<{ id: string; animalName: string; openDate: string; complaint: string; caseStatus: number }>)?.records ?? []).map((c) => ({
    value: c.id,
    label: `${c.animalName} · ${c.openDate} · ${c.complaint}`,
    disabled: c.caseStatus === 3 && c.id !== value,
  }));
  return (
    <PickOne id={id} value={value} onChange={onChange} placeholder={t('vetTreatment.pickCase')} loading={q.isLoading} disabled={disabled} options={options} />
  );
}

export function DrugSelect({ id, value, onChange, disabled, label }: ControlProps & { label?: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(medDrug.name), 'select'],
    queryFn: () => call(medDrug.endpoints.list, { query: { current: 1, size: 1000 } }),
  });
  const options = (
    (q.data as Rows<{ id: string; drugName: string; concentration: number | ''; concentrationUnit: number; doseMin: number | ''; doseMax: number | '' }>)
      ?.records ?? []
  ).map((d) => ({
    value: d.id,
    label: `${d.drugName}${d.concentration !== '' ? ` ${d.concentration} ${t(`vetDrug.units.${d.concentrationUnit}`)}` : ''}${d.doseMin !== '' || d.doseMax !== '' ? ` (${d.doseMin}–${d.doseMax} mg/kg)` : ''}`,
  }));
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      label={label}
      placeholder={t('vetTreatment.pickDrug')}
      loading={q.isLoading}
      disabled={disabled}
      options={options}
    />
  );
}

export { amountText } from '../shared/vet-amount';

/**
 * The dose calculator inside the treatment form, bound to `confirmOutOfRange`: from the form's case, drug, dose
 * rate and start date it asks the server (the same arithmetic a save runs) for the weight used, the dose in mg and
 * the amount; a dose outside the formulary's range shows why and asks for the confirmation a save needs.
 */
export function DoseCalculator({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const caseId = Form.useWatch('caseId', form) as string | undefined;
  const drugId = Form.useWatch('drugId', form) as string | undefined;
  const doseMgKg = Form.useWatch('doseMgKg', form) as number | string | undefined;
  // The date control holds a dayjs; the calculator sends the day.
  const startValue = Form.useWatch('startDate', form) as unknown;
  const startDate = dayjs.isDayjs(startValue) ? startValue.format('YYYY-MM-DD') : startValue ? String(startValue).slice(0, 10) : undefined;
  const [result, setResult] = useState<{ key: string; data: DoseCalc } | undefined>();
  const [busy, setBusy] = useState(false);
  const key = [caseId, drugId, doseMgKg, startDate].join('|');
  const ready = Boolean(caseId && drugId && doseMgKg !== undefined && doseMgKg !== '' && doseMgKg !== null && startDate);
  const shown = result && result.key === key ? result.data : undefined;

  const run = async () => {
    setBusy(true);
    try {
      const data = await call(vetEndpoints.calc, { query: { caseId: caseId!, drugId: drugId!, doseMgKg: String(doseMgKg), startDate: startDate! } as never });
      setResult({ key, data });
    } catch {
      setResult(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="dose-calculator">
      <Space wrap>
        <Button onClick={() => void run()} disabled={!ready || disabled} loading={busy} data-testid="dose-calc">
          {t('vetTreatment.calc')}
        </Button>
        <Typography.Text type="secondary">{t('vetTreatment.calcHint')}</Typography.Text>
      </Space>
      {shown ? (
        <Descriptions size="small" column={1} bordered data-testid="dose-result">
          <Descriptions.Item label={t('vetTreatment.weightKg')}>
            {t('vetTreatment.weightUsed', { kg: shown.weightKg, date: shown.weightDate })}
          </Descriptions.Item>
          <Descriptions.Item label={t('vetTreatment.doseMg')}>
            <span data-testid="dose-mg">{t('vetTreatment.dose', { mg: shown.doseMg })}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('vetTreatment.amount')}>
            <Typography.Text strong data-testid="dose-amount">
              {shown.amount === '' ? t('vetTreatment.noConcentration') : amountText(t, shown.amount, shown.concentrationUnit)}
            </Typography.Text>
          </Descriptions.Item>
          {shown.doseMin !== '' || shown.doseMax !== '' ? (
            <Descriptions.Item label={t('vetDrug.title')}>
              {t('vetTreatment.range', { min: shown.doseMin, max: shown.doseMax })}
              {shown.maxDoseMg !== '' ? ` · ${t('vetTreatment.ceiling', { mg: shown.maxDoseMg })}` : ''}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      {shown && shown.outOfRange ? (
        <Alert
          type="warning"
          showIcon
          message={shown.outOfRange}
          description={
            <Checkbox checked={Boolean(value)} disabled={disabled} onChange={(e) => onChange?.(e.target.checked)} data-testid="dose-confirm">
              {t('vetTreatment.confirm')}
            </Checkbox>
          }
        />
      ) : null}
    </Space>
  );
}

export function OutOfRangeTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return value ? <Tag color="orange">{t('vetTreatment.flagged')}</Tag> : null;
}

/** An animal's weights over time (ECharts): kg by date; refreshed with the weight list after a save or removal. */
export function WeightChart({ animalId }: { animalId: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(medWeight.name), 'series', animalId],
    queryFn: () => call(vetEndpoints.weightSeries, { query: { animalId } }),
  });
  const points = useMemo(() => q.data?.points ?? [], [q.data]);
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 24, top: 32, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: t('vetWeight.kg'), scale: true },
      series: [
        {
          name: t('vetWeight.kg'),
          type: 'line',
          data: points.map((p) => [p.weighDate, p.weightKg]),
          symbolSize: 7,
          lineStyle: { color: '#1677ff', width: 2 },
          itemStyle: { color: '#1677ff' },
        },
      ],
    }),
    [points, t],
  );
  const ref = useECharts<HTMLDivElement>(option);
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('vetWeight.chart')} {q.data ? `· ${q.data.animalName} · ${q.data.speciesName}` : ''}
      </Typography.Title>
      {q.data && points.length === 0 ? <Empty description={t('vetWeight.noPoints')} /> : null}
      <div ref={ref} data-testid="weight-chart" data-points={points.length} style={{ width: '100%', height: 280, display: points.length ? 'block' : 'none' }} />
    </div>
  );
}

type AgentRow = { drugId?: string; doseMgKg?: number | null };

/** The agents of an anaesthesia: a drug of the formulary and its dose rate each (the server computes mg and mL). */
export function AgentsEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = (Array.isArray(value) ? value : []) as AgentRow[];
  const set = (i: number, patch: Partial<AgentRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => (
        <Space key={i} wrap size={6} data-testid="agent-row" style={{ width: '100%' }}>
          <div style={{ width: 360 }}>
            <DrugSelect
              label={`${t('vetAnaesthesia.agents')} ${i + 1}`}
              value={r.drugId}
              disabled={disabled}
              onChange={(v) => set(i, { drugId: String(v ?? '') })}
            />
          </div>
          <InputNumber
            aria-label={t('vetAnaesthesia.doseMgKg')}
            placeholder={t('vetAnaesthesia.doseMgKg')}
            value={r.doseMgKg ?? null}
            min={0}
            disabled={disabled}
            style={{ width: 160 }}
            onChange={(v) => set(i, { doseMgKg: v })}
          />
          <Button icon={<DeleteOutlined />} aria-label={t('crud.delete')} disabled={disabled} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.([...rows, { drugId: '', doseMgKg: null }])}>
        {t('vetAnaesthesia.addAgent')}
      </Button>
    </Space>
  );
}

/** The agents as given: "盐酸氯胺酮注射液 4 mg/kg = 500 mg (5 mL)", out-of-range ones orange. */
export function AgentsText({ agents }: { agents: AnaesthesiaAgent[] }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {agents.map((g, i) => (
        <Tag key={i} color={g.outOfRange ? 'orange' : undefined} title={g.outOfRange || undefined}>
          {g.drugName} {g.doseMgKg} mg/kg = {g.doseMg} mg{g.amount !== '' ? ` (${amountText(t, g.amount, g.concentrationUnit).replace(/^\S+ /, '')})` : ''}
        </Tag>
      ))}
    </Space>
  );
}

export function ConfirmBox({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  return (
    <Checkbox checked={Boolean(value)} disabled={disabled} onChange={(e) => onChange?.(e.target.checked)}>
      {t('vetTreatment.confirm')}
    </Checkbox>
  );
}
