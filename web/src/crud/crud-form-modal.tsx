import { Button, Form, Modal, Spin, Tabs } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from './change-history';
import { useCrudDetail } from './crud-queries';
import { CrudFormGrid } from './crud-form-grid';
import { toFormValues } from './field-codec';
import { formFields, formPrefix } from './resolve-fields';
import type { AnyCrudPageDef, AnyRow } from './types';
import type { DialogState, FormMode } from './use-crud-state';
import { useCrudSave } from './use-crud-save';

/** What a page's extra dialog buttons get to work with. */
export interface FormSlotContext {
  mode: FormMode;
  row?: AnyRow;
  form: FormInstance<AnyRow>;
  close: () => void;
}

interface Props {
  def: AnyCrudPageDef;
  dialog: DialogState;
  onClose: () => void;
  footerExtra?: (ctx: FormSlotContext) => ReactNode;
}

/** Add / edit / view dialog; edit and view load the record through detail?id. */
export function CrudFormModal({ def, dialog, onClose, footerExtra }: Props) {
  const { t } = useTranslation();
  const { mode, row } = dialog;
  const id = row && mode !== 'add' ? String(row[def.rowKey ?? 'id']) : undefined;
  const fields = useMemo(() => formFields(def, mode), [def, mode]);
  const [form] = Form.useForm<AnyRow>();
  const detail = useCrudDetail(def, mode === 'add' ? undefined : id);
  const { save, saving } = useCrudSave(def, fields, form);

  useEffect(() => {
    if (!detail.data) return;
    // The dialog opens with the list's row; the record fills in what the user has not typed into meanwhile (a late
    // answer on a slow line must not put back what they just replaced).
    const values = toFormValues(fields, def.fromRecord ? def.fromRecord(detail.data) : detail.data);
    form.setFieldsValue(Object.fromEntries(Object.entries(values).filter(([name]) => !form.isFieldTouched(name))));
  }, [detail.data, fields, form, def]);

  const onSave = async () => {
    if (await save(mode, id, detail.data ?? row)) onClose();
  };
  // For 新增 the dialog's row holds starting values (新增子项 gives the parent), on top of the defaults.
  const start = mode === 'add' ? { ...def.defaults, ...row } : (row ?? {});
  const initial = toFormValues(fields, mode !== 'add' && def.fromRecord ? def.fromRecord(start) : start);
  const buttons =
    mode === 'view'
      ? [
          <Button key="close" onClick={onClose}>
            {t('crud.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('crud.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={saving} onClick={onSave}>
            {t(mode === 'add' ? 'crud.save' : 'crud.update')}
          </Button>,
        ];

  // 查看 of an audited resource: the record and its 变更记录 side by side in tabs.
  const history = mode === 'view' && Boolean(def.auditTable) && Boolean(id);
  const body = (
    <Spin spinning={detail.isFetching}>
      <Form<AnyRow>
        form={form}
        name={`${formPrefix(def)}-form`}
        initialValues={initial}
        disabled={mode === 'view'}
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
      >
        <CrudFormGrid def={def} fields={fields} readOnly={mode === 'view'} mode={mode} />
      </Form>
    </Spin>
  );

  return (
    <Modal
      open
      title={t(`crud.${mode}`)}
      width={def.modalWidth ?? 800}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <>
          {footerExtra?.({ mode, row, form, close: onClose })}
          {buttons}
        </>
      }
    >
      {history ? (
        <Tabs
          items={[
            { key: 'detail', label: t('history.details'), children: body },
            { key: 'history', label: t('history.title'), children: <ChangeHistory table={def.auditTable!} id={id!} i18n={def.i18n} /> },
          ]}
        />
      ) : (
        body
      )}
    </Modal>
  );
}
