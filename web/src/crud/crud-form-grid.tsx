import { Col, Form, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { fromFormValue } from './field-codec';
import { FieldInput } from './field-input';
import type { ResolvedField } from './resolve-fields';
import type { AnyCrudPageDef, AnyRow } from './types';
import { useFieldLabel } from './use-field-label';

/** Per-field rule: the field's own zod schema, its first message shown verbatim. */
const zodRule = (f: ResolvedField): Rule[] =>
  f.input
    ? [
        {
          validator: async (_rule, value) => {
            const result = f.input!.safeParse(fromFormValue(f, value));
            if (!result.success) throw new Error(result.error.issues[0]?.message);
          },
        },
      ]
    : [];

/** The dialog's fields on a 24-column grid; textareas take a full row unless told otherwise. */
export function CrudFormGrid({ def, fields, readOnly }: { def: AnyCrudPageDef; fields: ResolvedField[]; readOnly: boolean }) {
  const label = useFieldLabel(def);
  const item = (f: ResolvedField) => (
    <Col key={f.key} span={f.def.span ?? (f.widget === 'textarea' ? 24 : 12)}>
      <Form.Item
        name={f.key}
        label={label(f)}
        // The asterisk only; the message comes from the contract through zodRule.
        required={!readOnly && f.required}
        rules={readOnly ? [] : zodRule(f)}
      >
        <FieldInput field={f} label={label(f)} disabled={f.def.readOnly || undefined} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {fields.map((f) =>
        f.def.when ? (
          // Re-evaluated on every change: the field comes and goes with the values it depends on.
          <Form.Item key={f.key} noStyle shouldUpdate>
            {(form) => (f.def.when!(form.getFieldsValue(true) as AnyRow) ? item(f) : null)}
          </Form.Item>
        ) : (
          item(f)
        ),
      )}
    </Row>
  );
}
