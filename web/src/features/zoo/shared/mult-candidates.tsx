import { animalEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

export type Candidate = { id: string; w?: number };

/** The record's `identity[:weight],…` text → the form's list (and back through the contract, which takes a list). */
export function parseCandidates(text: unknown): Candidate[] {
  if (Array.isArray(text)) return text as Candidate[];
  if (typeof text !== 'string' || !text) return [];
  return text.split(',').map((s) => {
    const [id, w] = s.trim().split(':');
    return w === undefined ? { id: id! } : { id: id!, w: Number(w) };
  });
}

/**
 * The candidates of a MULT sire or dam (decision 0037): animals of the form's species of the right sex, by identity
 * (the studbook key), each with an optional relative weight; equal when no weight is given. The server checks
 * each candidate as a parent (species, sex, born before, no loop).
 */
export function MultCandidates({ sex, value, onChange, id }: ControlProps & { sex: 1 | 2 }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const speciesId = Form.useWatch('speciesId', form) as string | undefined;
  const self = Form.useWatch('id', form) as string | undefined;
  const query = useQuery({
    queryKey: ['animal-species', speciesId],
    queryFn: () => call(animalEndpoints.species, { query: { speciesId: speciesId!, status: 'all' } }),
    enabled: Boolean(speciesId),
  });
  const list = parseCandidates(value);
  const set = (next: Candidate[]) => onChange?.(next);
  const options = (query.data ?? [])
    .filter((a) => a.sex === sex && a.id !== self)
    .map((a) => ({ value: a.identityId, label: a.animalName ? `${a.localNo} ${a.animalName}` : a.localNo }));
  const rows = list.length ? list : [{ id: '' }, { id: '' }];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      {rows.map((c, i) => (
        <Space key={i} wrap>
          <Select
            style={{ width: 220, maxWidth: '70vw' }}
            placeholder={t('zooAnimal.mult.candidate')}
            aria-label={`${t('zooAnimal.mult.candidate')} ${i + 1}`}
            loading={query.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            value={c.id || undefined}
            options={options.filter((o) => o.value === c.id || !rows.some((r) => r.id === o.value))}
            onChange={(v: string) => set(rows.map((r, k) => (k === i ? { ...r, id: v } : r)))}
            data-testid={`mult-${sex}-candidate-${i}`}
          />
          <InputNumber
            min={0.01}
            max={100}
            step={1}
            placeholder={t('zooAnimal.mult.weight')}
            aria-label={`${t('zooAnimal.mult.weight')} ${i + 1}`}
            value={c.w}
            onChange={(w) => set(rows.map((r, k) => (k === i ? (w ? { id: r.id, w } : { id: r.id }) : r)))}
            data-testid={`mult-${sex}-weight-${i}`}
          />
          <Button type="link" disabled={rows.length <= 2} onClick={() => set(rows.filter((_r, k) => k !== i))}>
            {t('zooAnimal.mult.remove')}
          </Button>
        </Space>
      ))}
      <Space wrap>
        <Button size="small" onClick={() => set([...rows, { id: '' }])} disabled={rows.length >= options.length}>
          {t('zooAnimal.mult.add')}
        </Button>
        <Typography.Text type="secondary">{t('zooAnimal.mult.weightHint')}</Typography.Text>
      </Space>
    </Space>
  );
}

/** A MULT parent names at least two different candidates (one candidate is simply that parent). */
export const candidatesMissing = (v: unknown): boolean => parseCandidates(v).filter((c) => c.id).length < 2;
