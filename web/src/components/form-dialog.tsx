import { Button, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { issuesByField } from '../crud/zod-fields';
import { toast } from '../lib/feedback';
import { useBusy } from '../lib/use-busy';

interface Props<V extends Record<string, unknown>> {
  title: string;
  initialValues?: Partial<V>;
  /** Checks the values (contract schema): messages show verbatim on their fields, others as toasts. */
  schema?: z.ZodType;
  /** Shapes the form values before the check (dates to text, ids added…). */
  toInput?: (values: V) => Record<string, unknown>;
  onSave: (input: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  name: string;
}

/** A small dialog form of a page action (授权配置, 数据源, 产品包配置, 角色配置): check, call, 操作成功!. */
export function FormDialog<V extends Record<string, unknown>>(props: Props<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [saving, run] = useBusy();
  const save = async () => {
    const values = (await form.validateFields().catch(() => null)) as V | null;
    if (!values) return;
    const shaped = props.toInput ? props.toInput(values) : values;
    let input: Record<string, unknown> = shaped;
    if (props.schema) {
      const parsed = props.schema.safeParse(shaped);
      if (!parsed.success) {
        const issues = issuesByField(parsed.error);
        const known = new Set(Object.keys(form.getFieldsValue() as object));
        form.setFields(
          Object.entries(issues.fields)
            .filter(([k]) => known.has(k))
            .map(([name, m]) => ({ name: name as never, errors: [m] })),
        );
        [
          ...issues.general,
          ...Object.entries(issues.fields)
            .filter(([k]) => !known.has(k))
            .map(([, m]) => m),
        ].forEach((m) => toast.error(m));
        return;
      }
      input = parsed.data as Record<string, unknown>;
    }
    const done = await run(async () => {
      await props.onSave(input);
    });
    if (!done) return;
    toast.success(t('grant.success'));
    props.onClose();
  };
  return (
    <Modal
      open
      title={props.title}
      width={props.width ?? 520}
      onCancel={props.onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Form form={form} name={props.name} initialValues={props.initialValues} labelCol={{ flex: '120px' }} wrapperCol={{ flex: 1 }}>
        {props.children}
      </Form>
    </Modal>
  );
}
