import { Col, Form, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { fromFormValue } from './field-codec';
import { FieldInput } from './field-input';
import type { ResolvedField } from './resolve-fields';
import type { AnyCrudPageDef } from './types';
import { useFieldLabel } from './use-field-label';

/** Per-field rule: the field's own zod schema, its first message shown verbatim. */
const zodRule = (f: ResolvedField): Rule[] => [
  ...(f.input
    ? [
        {
          validator: async (_rule: unknown, value: unknown) => {
            const result = f.input!.safeParse(fromFormValue(f, value));
            if (!result.success) throw new Error(result.error.issues[0]?.message);
          },
        },
      ]
    : []),
  ...(f.def.check
    ? [
        (({ getFieldsValue }) => ({
          validator: async (_rule: unknown, value: unknown) => {
            const msg = f.def.check!(value, getFieldsValue(true));
            if (msg) throw new Error(msg);
          },
        })) satisfies Rule,
      ]
    : []),
];

/** The dialog's fields on a 24-column grid; textareas take a full row unless told otherwise. */
export function CrudFormGrid({
  def,
  fields,
  readOnly,
  mode,
}: {
  def: AnyCrudPageDef;
  fields: ResolvedField[];
  readOnly: boolean;
  mode?: 'add' | 'edit' | 'view';
}) {
  const label = useFieldLabel(def);
  const item = (f: ResolvedField) => (
    // One column on a phone (below 576 px): two 150 px halves leave no room for a label and a value.
    <Col key={f.key} xs={24} sm={f.def.span ?? (f.widget === 'textarea' ? 24 : 12)}>
      <Form.Item
        name={f.key}
        label={label(f)}
        // The asterisk only; the message comes from the contract through zodRule.
        required={!readOnly && (f.required || f.def.required)}
        dependencies={f.def.dependencies}
        rules={readOnly ? [] : zodRule(f)}
      >
        <FieldInput field={f} label={label(f)} disabled={(typeof f.def.readOnly === 'function' ? f.def.readOnly(mode) : f.def.readOnly) || undefined} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {fields.map((f) =>
        f.def.when ? (
          // Re-evaluated on every change: the field comes and goes with the values it depends on.
          <Form.Item key={f.key} noStyle shouldUpdate>
            {(form) => (f.def.when!(form.getFieldsValue(true), mode) ? item(f) : null)}
          </Form.Item>
        ) : (
          item(f)
        ),
      )}
    </Row>
  );
}
