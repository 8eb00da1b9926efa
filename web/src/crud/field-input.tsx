import { DatePicker, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CRUD_TREE_KEY } from './crud-queries';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './field-codec';
import { DictSelect } from './dict';
import { optionLabel } from './option-label';
import type { ResolvedField } from './resolve-fields';
import { disableBranch } from './tree-options';
import type { ControlProps, Widget } from './types';

interface Props extends ControlProps {
  field: ResolvedField;
  label: string;
  /** The search form edits textareas as one-line inputs. */
  widget?: Widget;
}

const clampRows = (rows = 4) => Math.min(5, Math.max(3, rows));

function TreeField({ field, ...rest }: { field: ResolvedField } & ControlProps & { placeholder: string }) {
  const query = useQuery({ queryKey: [...CRUD_TREE_KEY, field.def.tree?.key], queryFn: field.def.tree!.load, staleTime: 60_000 });
  // In an edit dialog the form holds the record's id: its own branch cannot become its parent.
  const selfId = Form.useWatch('id', { form: Form.useFormInstance(), preserve: true }) as string | undefined;
  const treeData = useMemo(
    () => (field.key === 'parentId' && selfId ? disableBranch(query.data ?? [], String(selfId)) : (query.data ?? [])),
    [field.key, selfId, query.data],
  );
  return <TreeSelect allowClear treeData={treeData} multiple={field.def.multiple} treeCheckable={field.def.multiple} loading={query.isLoading} {...rest} />;
}

/** The antd control for a field; Form.Item's value/onChange/id pass straight through. */
export function FieldInput({ field, label, widget = field.widget, ...control }: Props): ReactNode {
  const { t } = useTranslation();
  const input = t('crud.inputPlaceholder', { label });
  const select = t('crud.selectPlaceholder', { label });
  const { def } = field;
  switch (widget) {
    case 'textarea':
      return <Input.TextArea rows={clampRows(def.rows)} placeholder={input} {...control} value={control.value as string} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={input} {...control} value={control.value as number} />;
    case 'switch':
      return <Switch id={control.id} disabled={control.disabled} checked={Boolean(control.value)} onChange={control.onChange} />;
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          style={{ width: '100%' }}
          showTime={widget === 'datetime'}
          format={widget === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT}
          placeholder={select}
          {...(control as object)}
        />
      );
    case 'dict':
      return <DictSelect code={def.dict!} mode={def.multiple ? 'multiple' : undefined} placeholder={select} {...(control as object)} />;
    case 'select':
      return (
        <Select
          allowClear
          options={def.options?.map((o) => ({ ...o, label: optionLabel(t, o) }))}
          mode={def.multiple ? 'multiple' : undefined}
          placeholder={select}
          {...(control as object)}
        />
      );
    case 'tree-select':
      return <TreeField field={field} placeholder={select} {...control} />;
    case 'custom':
      return def.input?.(control) ?? null;
    default:
      return <Input allowClear placeholder={input} {...control} value={control.value as string} />;
  }
}
