import { useTranslation } from 'react-i18next';
import type { ResolvedField } from './resolve-fields';
import type { AnyCrudPageDef } from './types';
import { metaTitle } from './zod-fields';

/** Label lookup: explicit key/text, then `<i18n>.<field>`, then the contract's meta title. */
export function useFieldLabel(def: AnyCrudPageDef): (f: ResolvedField) => string {
  const { t, i18n } = useTranslation();
  return (f) => {
    const key = f.def.label ?? `${def.i18n}.${f.key}`;
    if (i18n.exists(key)) return t(key);
    return f.def.label ?? metaTitle(f.record) ?? metaTitle(f.input) ?? f.key;
  };
}
