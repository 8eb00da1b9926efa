import { dictionaryEndpoints, type DictCode } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/request';
import type { Option } from './types';

/** An entry's label in the UI language: the English one in en when it has one, else the Chinese (decision 0049). */
export const dictLabel = (entry: { dictValue: string; dictValueEn?: string }, language: string): string =>
  language.startsWith('en') && entry.dictValueEn ? entry.dictValueEn : entry.dictValue;

/** Dictionary entries as options (label in the UI language, value dictKey), cached for the session. */
export function useDict(code: DictCode | undefined): { options: Option[]; loading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['dict', code],
    queryFn: () => call(dictionaryEndpoints.dictionary, { query: { code: code! } }),
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
  });
  const options = (query.data ?? []).map((d) => ({ label: dictLabel(d, i18n.language), value: d.dictKey }));
  return { options, loading: query.isLoading };
}

export function DictSelect({ code, ...rest }: { code: DictCode } & SelectProps) {
  const { options, loading } = useDict(code);
  return <Select allowClear loading={loading} options={options} {...rest} />;
}

/** Shows the dictionary label of a stored key (comma lists give one tag per key). */
export function DictTag({ code, value }: { code: DictCode; value: unknown }) {
  const { options } = useDict(code);
  if (value === undefined || value === null || value === '') return null;
  const keys = String(value).split(',');
  return (
    <>
      {keys.map((k) => (
        <Tag key={k}>{options.find((o) => String(o.value) === k)?.label ?? k}</Tag>
      ))}
    </>
  );
}
