import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  breedContra,
  breedCubLog,
  breedLitter,
  breedPregnancy,
  cageEndpoints,
  CONTRA_METHODS,
  CUB_LOG_KINDS,
  FEED_TYPES,
  PLACEMENTS,
  PREG_METHODS,
  PREG_STATES,
  REARINGS,
  VITALITIES,
  type LitterCub,
} from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlSelect, crudKeys, DictSelect, defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { FemaleSelect } from './breeding-widgets';
import { PickOne } from '../../../components/pick-select';

/** Screens of the second slice (decision 0042): pregnancy diagnoses, litters, the cub care log, contraception. */

const opts = (prefix: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));
const today = () => chinaDay().format('YYYY-MM-DD');

/** Any cage of the zoo (the litter is born where the dam lives). */
export function CageSelect(control: ControlProps) {
  const { t } = useTranslation();
  const all = useQuery({ queryKey: ['cage-select'], queryFn: () => call(cageEndpoints.select, { query: {} }), staleTime: 60_000 });
  const options = (all.data ?? []).map((c) => ({ value: c.id, label: `${c.cageCode} ${c.cageName} · ${c.venueName}` }));
  return <ControlSelect control={control} allowClear loading={all.isLoading} options={options} placeholder={t('zooRegistry.pickCage')} />;
}

type CubRow = { localNo?: string; animalName?: string; sex?: number | string; birthWeightG?: number | null; vitality?: number | null };

/** The cubs of a new litter: number, name, sex, birth weight (g) and vitality each. */
export function CubsEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? (value as CubRow[]) : [];
  const set = (i: number, patch: Partial<CubRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="cubs-editor">
      {rows.map((r, i) => (
        <Space key={i} wrap align="baseline">
          <Input
            aria-label={t('breedLitter.cubLocalNo')}
            placeholder={t('breedLitter.cubLocalNo')}
            value={r.localNo ?? ''}
            disabled={disabled}
            style={{ width: 130 }}
            onChange={(e) => set(i, { localNo: e.target.value })}
          />
          <Input
            aria-label={t('breedLitter.cubName')}
            placeholder={t('breedLitter.cubName')}
            value={r.animalName ?? ''}
            disabled={disabled}
            style={{ width: 110 }}
            onChange={(e) => set(i, { animalName: e.target.value })}
          />
          <DictSelect
            code="animal_sex"
            aria-label={t('breedLitter.cubSex')}
            placeholder={t('breedLitter.cubSex')}
            value={r.sex === undefined ? undefined : String(r.sex)}
            disabled={disabled}
            style={{ width: 90 }}
            onChange={(v: unknown) => set(i, { sex: Number(v) })}
          />
          <InputNumber
            aria-label={t('breedLitter.cubWeight')}
            placeholder={t('breedLitter.cubWeight')}
            min={1}
            value={r.birthWeightG ?? null}
            disabled={disabled}
            style={{ width: 120 }}
            onChange={(v) => set(i, { birthWeightG: v })}
          />
          <Select
            aria-label={t('breedLitter.cubVitality')}
            placeholder={t('breedLitter.cubVitality')}
            allowClear
            value={r.vitality ?? undefined}
            disabled={disabled}
            style={{ width: 90 }}
            options={VITALITIES.map((k) => ({ value: k, label: t(`breedLitter.vitalities.${k}`) }))}
            onChange={(v) => set(i, { vitality: v ?? null })}
          />
          <Button
            type="text"
            aria-label={t('breedLitter.removeCub')}
            icon={<MinusCircleOutlined />}
            disabled={disabled}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.([...rows, { sex: 3 }])}>
        {t('breedLitter.addCub')}
      </Button>
    </Space>
  );
}

export function CubsText({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const cubs = Array.isArray(value) ? (value as LitterCub[]) : [];
  return (
    <>
      {cubs.map((c) => (
        <Tag key={c.id} color={c.status === 1 ? 'green' : 'default'}>
          {c.animalName ? `${c.animalName} (${c.localNo})` : c.localNo} {t(`breedLitter.sexes.${c.sex}`)}
          {c.birthWeightG !== '' ? ` ${c.birthWeightG}g` : ''}
        </Tag>
      ))}
    </>
  );
}

/** A cub of a recorded litter. */
export function CubSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...crudKeys.lists(breedLitter.name), 'cubs'],
    queryFn: () => call(breedLitter.endpoints.list, { query: { current: 1, size: 200 } }),
  });
  const litters = ((q.data as { records?: Array<{ damName: string; birthDate: string; cubs: LitterCub[] }> } | undefined)?.records ?? []).filter(
    (l) => l.cubs.length,
  );
  const options = litters.map((l) => ({
    label: `${l.damName} · ${l.birthDate}`,
    options: l.cubs.map((c) => ({ value: c.id, label: c.animalName ? `${c.animalName} (${c.localNo})` : c.localNo })),
  }));
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('breedCubLog.pickCub')}
      loading={q.isLoading}
      disabled={disabled}
      options={options}
      style={{ minWidth: 220, width: '100%' }}
    />
  );
}

/** Any animal of the zoo (contraception concerns males too). */
export function AnyAnimalSelect(p: ControlProps) {
  return <FemaleSelect {...p} sex={0} />;
}

/** 妊娠诊断 (contract `breedPregnancy`). */
export const pregnancyPage = defineCrudPage({
  crud: breedPregnancy,
  i18n: 'breedPregnancy',
  fields: {
    femaleId: { widget: 'custom', input: (p: ControlProps) => <FemaleSelect {...p} />, table: false, view: false, span: 24 },
    femaleName: { form: false, width: 150 },
    eventDate: { form: false, width: 110 },
    checkDate: { widget: 'date', width: 110 },
    method: { options: opts('breedPregnancy.methods', PREG_METHODS), width: 100 },
    pregStatus: { options: opts('breedPregnancy.states', PREG_STATES), search: true, width: 100 },
    expectedFrom: { form: false, width: 110 },
    expectedTo: { form: false, width: 110 },
    evidence: { widget: 'textarea', rows: 3, width: 200 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { checkDate: today(), method: 1, pregStatus: 1 },
});

/** 产仔记录 (contract `breedLitter`): recording one books the birth movement; cubs are entered on creation only. */
export const litterPage = defineCrudPage({
  crud: breedLitter,
  i18n: 'breedLitter',
  fields: {
    damId: { widget: 'custom', input: (p: ControlProps) => <FemaleSelect {...p} />, table: false, view: false, span: 24, readOnly: (m) => m === 'edit' },
    damName: { form: false, width: 140 },
    birthDate: { widget: 'date', width: 110, readOnly: (m) => m === 'edit' },
    cageId: { widget: 'custom', input: (p: ControlProps) => <CageSelect {...p} />, table: false, view: false, readOnly: (m) => m === 'edit' },
    sireNames: { form: false, width: 150 },
    cubs: {
      widget: 'custom',
      input: (p: ControlProps) => <CubsEditor {...p} />,
      span: 24,
      width: 260,
      render: (v) => <CubsText value={v} />,
      when: (_v, mode) => mode === 'add',
    },
    liveBorn: { form: false, width: 70 },
    stillborn: { widget: 'number', width: 70 },
    rearing: { options: opts('breedLitter.rearings', REARINGS), width: 110 },
    // A bird's clutch (incubator rearing): the eggs; the hatched ones are the chicks above.
    eggsLaid: { widget: 'number', table: false },
    eggsFertile: { widget: 'number', table: false },
    eggsHatched: { widget: 'number', table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { birthDate: today(), cubs: [{ localNo: '', sex: 3 }], stillborn: 0, rearing: 1 },
  fromRecord: (r) => ({ ...r, cubs: [] }),
  modalWidth: 900,
});

/** 育幼记录 (contract `breedCubLog`): feeds and the twin-swap log. */
export const cubLogPage = defineCrudPage({
  crud: breedCubLog,
  i18n: 'breedCubLog',
  fields: {
    cubId: { widget: 'custom', input: (p: ControlProps) => <CubSelect {...p} />, table: false, view: false, span: 24 },
    cubName: { form: false, width: 140 },
    logTime: { widget: 'datetime', width: 150 },
    kind: { options: opts('breedCubLog.kinds', CUB_LOG_KINDS), search: true, width: 80 },
    feedType: { options: opts('breedCubLog.feedTypes', FEED_TYPES), width: 110, when: (v) => Number(v.kind) === 1 },
    volumeMl: { widget: 'number', width: 90, when: (v) => Number(v.kind) === 1 },
    placement: { options: opts('breedCubLog.placements', PLACEMENTS), width: 110, when: (v) => Number(v.kind) === 2 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { kind: 1, feedType: 2 },
});

/** 避孕管理 (contract `breedContra`). */
export const contraPage = defineCrudPage({
  crud: breedContra,
  i18n: 'breedContra',
  fields: {
    animalId: { widget: 'custom', input: (p: ControlProps) => <AnyAnimalSelect {...p} />, table: false, view: false, span: 24 },
    animalName: { form: false, width: 150 },
    method: { options: opts('breedContra.methods', CONTRA_METHODS), search: true, width: 130 },
    product: { width: 140 },
    startDate: { widget: 'date', width: 110 },
    expectedEnd: { widget: 'date', width: 110 },
    reversalDate: { widget: 'date', width: 110 },
    active: { form: false, width: 80, render: (v) => (v === 1 ? <Tag color="orange">✓</Tag> : '—') },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { startDate: today(), method: 1 },
});
