import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from './dict';
import { optionLabel } from './option-label';
import type { ResolvedField } from './resolve-fields';
import type { AnyRow } from './types';

/** Default display of a value in the table, by widget; `render` overrides it. */
export function CrudCell({ field, value, row }: { field: ResolvedField; value: unknown; row: AnyRow }) {
  const { t } = useTranslation();
  const { def, widget } = field;
  if (def.render) return <>{def.render(value, row)}</>;
  if (widget === 'dict' && def.dict) return <DictTag code={def.dict} value={value} />;
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
