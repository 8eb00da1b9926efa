import { breedingEndpoints, breedOestrus, breedSemen, dictBiz, OESTRUS_SIGN_DICT, OESTRUS_SIGNS } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickMany, PickOne } from '../../../components/pick-select';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { crudKeys, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';
import { animalLabel, useZooAnimals } from '../shared/zoo-animals';

type Rows<T> = { records?: T[] } | undefined;
/** The zoo's individuals of one sex (2 female: observed and bred; 1 male: sires and donors; 0 all). */
function useAnimals(sex: number) {
  const q = useZooAnimals();
  const options = (q.data ?? []).filter((a) => !sex || a.sex === sex).map((a) => ({ value: a.id, label: animalLabel(a) }));
  return { options, loading: q.isLoading };
}

/** A female of the zoo; `sex` 0 lists every animal (contraception concerns males too). */
export function FemaleSelect({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  sex = 2,
  label,
}: ControlProps & { placeholder?: string; sex?: number; label?: string }) {
  const { t } = useTranslation();
  const { options, loading } = useAnimals(sex);
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      label={label}
      placeholder={placeholder ?? t(sex ? 'breedOestrus.pickFemale' : 'breedContra.pickAnimal')}
      loading={loading}
      disabled={disabled}
      options={options}
      style={{ minWidth: 240, width: '100%' }}
    />
  );
}

/** A male of the zoo (a semen donor). */
export function MaleSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const { options, loading } = useAnimals(1);
  return <PickOne id={id} value={value} onChange={onChange} placeholder={t('breedSemen.pickDonor')} loading={loading} disabled={disabled} options={options} />;
}

/**
 * Another base's donor, by studbook identity: the studbook males of the form's species held by other zoos, each
 * shown with his studbook number, name and holding zoo.
 */
/**
 * Another base's male by his studbook identity, listed for a species: a semen sample's own species, or — on an
 * insemination, which names no species — the inseminated female's.
 */
export function OutsideDonorSelect({ id, value, onChange, disabled, of = 'species' }: ControlProps & { of?: 'species' | 'female' }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const ownSpecies = Form.useWatch('speciesId', form) as string | undefined;
  const femaleId = Form.useWatch('femaleId', form) as string | undefined;
  const female = useZooAnimals().data?.find((a) => a.id === femaleId);
  const speciesId = of === 'female' ? female?.speciesId : ownSpecies;
  const q = useQuery({
    queryKey: ['breeding', 'donors', speciesId],
    queryFn: () => call(breedingEndpoints.donors, { query: { speciesId: speciesId! } }),
    enabled: Boolean(speciesId),
  });
  const options = (q.data ?? []).map((d) => ({ value: d.identityId, label: `${d.studbookNo} ${d.animalName} · ${d.holderName}` }));
  const waitingFor = of === 'female' ? 'breedEvent.pickFemaleFirst' : 'breedSemen.pickSpeciesFirst';
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t(speciesId ? 'breedSemen.pickOutsideDonor' : waitingFor)}
      loading={q.isLoading && Boolean(speciesId)}
      disabled={disabled || !speciesId}
      options={options}
    />
  );
}

/** Candidate sires (several when paternity stays open). */
export function SiresSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const { options, loading } = useAnimals(1);
  return <PickMany id={id} value={value} onChange={onChange} placeholder={t('breedEvent.pickSires')} loading={loading} disabled={disabled} options={options} />;
}

/**
 * The zoo's oestrus signs: its business dictionary `oestrus_sign` (业务字典). The seeded keys read in the UI's
 * language; keys a zoo added read as it wrote them. Without the dictionary, the seeded keys.
 */
function useSigns(): { value: number; label: string }[] {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['dictbiz', OESTRUS_SIGN_DICT],
    queryFn: () => call(dictBiz.extra.dictionary, { query: { code: OESTRUS_SIGN_DICT } }),
    staleTime: 5 * 60_000,
  });
  const seeded = (k: number) => (OESTRUS_SIGNS as readonly number[]).includes(k);
  const items = q.data?.length ? q.data.map((d) => ({ value: Number(d.dictKey), text: d.dictValue })) : OESTRUS_SIGNS.map((k) => ({ value: k, text: '' }));
  return items.map(({ value, text }) => ({
    value,
    label: (!text || !i18n.language.startsWith('zh')) && seeded(value) ? t(`breedOestrus.signList.${value}`) : text || String(value),
  }));
}

export function SignsSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const options = useSigns();
  return <PickMany id={id} value={value} onChange={onChange} placeholder={t('breedOestrus.pickSigns')} disabled={disabled} options={options} />;
}

export function SignsText({ value }: { value: unknown }) {
  const labels = new Map(useSigns().map((o) => [o.value, o.label]));
  const { t } = useTranslation();
  return <>{(Array.isArray(value) ? (value as number[]) : []).map((k) => labels.get(k) ?? String(k)).join(t('breedOestrus.signSeparator'))}</>;
}

/** A sample of the bank still held, with its straws left. */
export function SemenSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(breedSemen.name), 'select'],
    queryFn: () => call(breedSemen.endpoints.list, { query: { current: 1, size: 500 } }),
  });
  const rows = (q.data as Rows<{ id: string; sampleNo: string; donorName: string; straws: number; transferDate: string }>)?.records ?? [];
  const options = rows.map((s) => ({
    value: s.id,
    label: `${s.sampleNo} · ${s.donorName} · ${t('breedSemen.strawsLeft', { n: s.straws })}`,
    disabled: s.id !== value && (s.straws === 0 || Boolean(s.transferDate)),
  }));
  return (
    <PickOne id={id} value={value} onChange={onChange} placeholder={t('breedEvent.pickSemen')} loading={q.isLoading} disabled={disabled} options={options} />
  );
}

/** A female's urinary oestrogen and progesterone over the season, the oestrogen peak marked. */
export function HormoneChart({ animalId, year }: { animalId: string; year?: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(breedOestrus.name), 'series', animalId, year],
    queryFn: () => call(breedingEndpoints.hormoneSeries, { query: { animalId, ...(year ? { year } : {}) } }),
  });
  const points = useMemo(() => q.data?.points ?? [], [q.data]);
  const peak = q.data?.peak || null;
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 40, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: t('breedOestrus.oestrogen'), scale: true },
        { type: 'value', name: t('breedOestrus.progesterone'), scale: true },
      ],
      series: [
        {
          name: t('breedOestrus.oestrogen'),
          type: 'line',
          data: points.filter((p) => p.oestrogen !== '').map((p) => [p.obsDate, p.oestrogen]),
          symbolSize: 7,
          itemStyle: { color: '#eb2f96' },
          markPoint: peak ? { data: [{ name: t('breedOestrus.peak'), coord: [peak.obsDate, peak.oestrogen], value: peak.oestrogen }] } : undefined,
        },
        {
          name: t('breedOestrus.progesterone'),
          type: 'line',
          yAxisIndex: 1,
          data: points.filter((p) => p.progesterone !== '').map((p) => [p.obsDate, p.progesterone]),
          symbolSize: 5,
          itemStyle: { color: '#1677ff' },
        },
      ],
    }),
    [points, peak, t],
  );
  const ref = useECharts<HTMLDivElement>(option);
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('breedOestrus.chart')} {q.data ? `· ${q.data.animalName}` : ''}
        {peak ? ` · ${t('breedOestrus.peakAt', { date: peak.obsDate, value: peak.oestrogen, unit: peak.unit })}` : ''}
      </Typography.Title>
      {q.data && points.length === 0 ? <Empty description={t('breedOestrus.noPoints')} /> : null}
      <div
        ref={ref}
        data-testid="hormone-chart"
        data-peak={peak?.obsDate ?? ''}
        style={{ width: '100%', height: 280, display: points.length ? 'block' : 'none' }}
      />
    </div>
  );
}
