import { zooSpeciesEndpoints, type TaxonRange } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

type Row = { speciesId: string; taxonomyId: string; name?: string; doseMin: number | '' | null; doseMax: number | '' | null };

/**
 * A drug's dose ranges per species (overriding its default range for that species). New rows name one of the zoo's
 * species; ranges of a taxon (class, order…) saved through the API are kept and shown by name.
 */
export function TaxonRangesEditor({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const rows = (Array.isArray(value) ? value : []) as Row[];
  const species = useQuery({ queryKey: ['vet', 'species'], queryFn: () => call(zooSpeciesEndpoints.select, { query: { all: 'true' } }) });
  const options = (species.data ?? []).map((s) => ({ value: s.id, label: s.speciesName }));
  const set = (i: number, patch: Partial<Row>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const num = (v: number | '' | null) => (v === '' ? null : v);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => (
        <Space key={i} wrap size={6} data-testid="taxon-range-row">
          {r.taxonomyId ? (
            <Tag style={{ width: 220 }}>{r.name}</Tag>
          ) : (
            <Select
              showSearch
              optionFilterProp="label"
              aria-label={t('vetDrug.rangeSpecies')}
              placeholder={t('vetDrug.rangeSpecies')}
              value={r.speciesId || undefined}
              options={options}
              loading={species.isLoading}
              disabled={disabled}
              style={{ width: 220 }}
              onChange={(v) => set(i, { speciesId: String(v ?? '') })}
            />
          )}
          <InputNumber
            aria-label={t('vetDrug.doseMin')}
            placeholder={t('vetDrug.doseMin')}
            value={num(r.doseMin)}
            min={0}
            disabled={disabled}
            style={{ width: 140 }}
            onChange={(v) => set(i, { doseMin: v })}
          />
          <InputNumber
            aria-label={t('vetDrug.doseMax')}
            placeholder={t('vetDrug.doseMax')}
            value={num(r.doseMax)}
            min={0}
            disabled={disabled}
            style={{ width: 140 }}
            onChange={(v) => set(i, { doseMax: v })}
          />
          <Button icon={<DeleteOutlined />} aria-label={t('crud.delete')} disabled={disabled} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { speciesId: '', taxonomyId: '', doseMin: null, doseMax: null }])}
      >
        {t('vetDrug.addRange')}
      </Button>
    </Space>
  );
}

/** The ranges as a list shows them: "大熊猫 1–3". */
export function TaxonRangesText({ ranges }: { ranges: TaxonRange[] }) {
  return (
    <Space size={4} wrap>
      {ranges.map((r, i) => (
        <Tag key={i}>
          {r.name} {r.doseMin}–{r.doseMax}
        </Tag>
      ))}
    </Space>
  );
}
