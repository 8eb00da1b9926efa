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

/** The query of a dictionary's entries (one cache entry per code, kept for the session's use). */
export const dictQuery = (code: DictCode | undefined) => ({
  queryKey: ['dict', code],
  queryFn: () => call(dictionaryEndpoints.dictionary, { query: { code: code! } }),
  enabled: Boolean(code),
  staleTime: 5 * 60_000,
});

/** Dictionary entries as options (label in the UI language, value dictKey), cached for the session. */
export function useDict(code: DictCode | undefined): { options: Option[]; loading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery(dictQuery(code));
  const options = (query.data ?? []).map((d) => ({ label: dictLabel(d, i18n.language), value: d.dictKey }));
  return { options, loading: query.isLoading };
}

/** The tags of a stored key (comma lists give one tag per key) from options already read: no hook, for table cells. */
export function dictTags(options: readonly Option[], value: unknown) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <>
      {String(value)
        .split(',')
        .map((k) => (
          <Tag key={k}>{options.find((o) => String(o.value) === k)?.label ?? k}</Tag>
        ))}
    </>
  );
}

export function DictSelect({ code, ...rest }: { code: DictCode } & SelectProps) {
  const { options, loading } = useDict(code);
  return <Select allowClear loading={loading} options={options} {...rest} />;
}

/** Shows the dictionary label of a stored key (comma lists give one tag per key). */
export function DictTag({ code, value }: { code: DictCode; value: unknown }) {
  const { options } = useDict(code);
  return dictTags(options, value);
}
