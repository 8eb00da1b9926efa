import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback';
import { useCrudSubmit } from './crud-queries';
import { fromFormValues } from './field-codec';
import type { ResolvedField } from './resolve-fields';
import type { AnyCrudPageDef, AnyRow } from './types';
import type { FormMode } from './use-crud-state';
import { issuesByField } from './zod-fields';

/**
 * Validate with the contract's input schema (messages verbatim on their fields), submit, report.
 * Resolves true when saved. A failed call was already toasted by the request layer.
 */
export function useCrudSave(def: AnyCrudPageDef, fields: ResolvedField[], form: FormInstance<AnyRow>) {
  const { t } = useTranslation();
  const submit = useCrudSubmit(def);

  const save = async (mode: FormMode, id: string | undefined, original: AnyRow | undefined): Promise<boolean> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    const wire = fromFormValues(fields, values);
    const shaped = def.toInput ? def.toInput(wire, original) : wire;
    const parsed = def.crud.input.safeParse(mode === 'edit' ? { ...shaped, id } : shaped);
    if (!parsed.success) {
      const issues = issuesByField(parsed.error);
      const known = new Set(fields.map((f) => f.key));
      const onForm = Object.entries(issues.fields).filter(([name]) => known.has(name));
      form.setFields(onForm.map(([name, message]) => ({ name, errors: [message] })));
      const elsewhere = Object.entries(issues.fields)
        .filter(([name]) => !known.has(name))
        .map(([, m]) => m);
      [...issues.general, ...elsewhere].forEach((m) => toast.error(m));
      return false;
    }
    try {
      await submit.mutateAsync(parsed.data);
    } catch {
      return false;
    }
    toast.success(t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'));
    return true;
  };

  return { save, saving: submit.isPending };
}
