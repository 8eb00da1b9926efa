import { animalEndpoints, cageEndpoints, zooSpeciesEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlSelect, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/** Values a form resets when its species changes (cage and parents belong to the species). */
export type Resets = Record<string, unknown>;

/**
 * The zoo's authorised species (its licence scope). `all` lists expired/pending licences too (search forms);
 * `resets` are written into the form when the user picks another species.
 */
export function ZooSpeciesSelect({ all, resets, ...control }: ControlProps & { all?: boolean; resets?: Resets }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const query = useQuery({
    queryKey: ['zoo-species-select', Boolean(all)],
    queryFn: () => call(zooSpeciesEndpoints.select, { query: all ? { all: 'true' } : {} }),
    staleTime: 60_000,
  });
  const options = (query.data ?? []).map((s) => ({ value: s.id, label: `${s.speciesName} (${s.latinName})` }));
  return (
    <ControlSelect
      control={control}
      allowClear
      loading={query.isLoading}
      options={options}
      placeholder={t('zooRegistry.pickSpecies')}
      onChange={(v) => {
        control.onChange?.(v);
        if (resets) form.setFieldsValue(resets);
      }}
    />
  );
}

/**
 * A cage for the form's species: cages already holding the species first, then every other cage of the zoo.
 * Reloads when the species changes.
 */
export function SpeciesCageSelect(control: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const speciesId = Form.useWatch('speciesId', form) as string | undefined;
  const holding = useQuery({
    queryKey: ['cage-species', speciesId],
    queryFn: () => call(cageEndpoints.species, { query: { speciesId: speciesId! } }),
    enabled: Boolean(speciesId),
  });
  const all = useQuery({ queryKey: ['cage-select'], queryFn: () => call(cageEndpoints.select, { query: {} }), staleTime: 60_000 });
  const label = (c: { cageCode: string; cageName: string; venueName: string }) => `${c.cageCode} ${c.cageName} · ${c.venueName}`;
  const held = new Set((holding.data ?? []).map((c) => c.id));
  const options = [
    { label: t('zooRegistry.cagesHolding'), options: (holding.data ?? []).map((c) => ({ value: c.id, label: label(c) })) },
    { label: t('zooRegistry.otherCages'), options: (all.data ?? []).filter((c) => !held.has(c.id)).map((c) => ({ value: c.id, label: label(c) })) },
  ].filter((g) => g.options.length > 0);
  return (
    <ControlSelect
      control={control}
      allowClear
      loading={holding.isFetching || all.isLoading}
      options={options}
      placeholder={t('zooRegistry.pickCage')}
      onChange={(v) => control.onChange?.(v ?? null)}
    />
  );
}

/** Studbook marks for a parent that is not a registered animal (never a blank). */
export const PARENT_MARK_KEYS = ['UNK', 'WILD', 'MULT'] as const;

/**
 * A sire (sex 1) or dam (sex 2): an animal of the form's species, or UNK / WILD / MULT (its candidates are picked
 * in MultCandidates). Reloads with the species.
 */
export function ParentSelect({ sex, ...control }: ControlProps & { sex: 1 | 2 }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const speciesId = Form.useWatch('speciesId', form) as string | undefined;
  const query = useQuery({
    queryKey: ['animal-species', speciesId],
    queryFn: () => call(animalEndpoints.species, { query: { speciesId: speciesId!, status: 'all' } }),
    enabled: Boolean(speciesId),
  });
  const animals = (query.data ?? []).filter((a) => a.sex === sex);
  const options = [
    ...PARENT_MARK_KEYS.map((m) => ({ value: m, label: t(`zooRegistry.mark.${m}`) })),
    ...animals.map((a) => ({ value: a.id, label: a.animalName ? `${a.localNo} ${a.animalName}` : a.localNo })),
  ];
  return <ControlSelect control={control} loading={query.isFetching} options={options} value={(control.value as string | undefined) || 'UNK'} />;
}

/** "UNK" / "WILD" / "MULT" or an animal id, as the form holds a parent → the contract's id/mark pair. */
export function splitParent(value: unknown): { id: string | null; mark: string | undefined } {
  const v = typeof value === 'string' ? value : '';
  if (v === '' || (PARENT_MARK_KEYS as readonly string[]).includes(v)) return { id: null, mark: v || 'UNK' };
  return { id: v, mark: undefined };
}
