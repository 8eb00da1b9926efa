import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { dictTags } from './dict';
import { optionLabel } from './option-label';
import type { ResolvedField } from './resolve-fields';
import type { AnyRow, Option } from './types';

/**
 * Default display of a value in the table, by widget; `render` overrides it. A plain function, not a component:
 * the table reads the translation and each dictionary once and hands them to every cell (a hook per cell was
 * most of a list screen's render: ten rows of a dozen columns, decision 0048).
 */
export function crudCell(field: ResolvedField, value: unknown, row: AnyRow, t: TFunction, dictOptions: (code: string) => readonly Option[]): ReactNode {
  const { def, widget } = field;
  if (def.render) return <>{def.render(value, row)}</>;
  if (widget === 'dict' && def.dict) return dictTags(dictOptions(def.dict), value);
  if (widget === 'select' && def.options) {
    const keys = def.multiple ? String(value ?? '').split(',') : [String(value)];
    return (
      <>
        {keys
          .map(
            (k) =>
              optionLabel(
                t,
                def.options!.find((o) => String(o.value) === k),
              ) ?? k,
          )
          .join(', ')}
      </>
    );
  }
  if (widget === 'switch') return <>{value === (def.switchValues ?? [1, 0])[0] ? t('crud.yes') : t('crud.no')}</>;
  if (value === undefined || value === null) return null;
  return <>{String(value) as ReactNode}</>;
}
