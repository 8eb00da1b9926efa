import { animalFlagEndpoints, type AnimalFlagRecord } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal } from 'antd';
import type { z } from 'zod';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, DATE_FORMAT, DictTag, crudKeys } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { FlagCodeInput, flagPageFor } from './animal-flag.crud';
import type { Dayjs } from 'dayjs';
import { useBusy } from '../../../lib/use-busy';

type Flag = z.infer<typeof AnimalFlagRecord>;

/** 新版本: issues version n+1 of the flag's type; the server voids the current one (kept as history). */
function NewVersionDialog({ flag, onClose }: { flag: Flag; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, run] = useBusy();
  const client = useQueryClient();
  const save = async () => {
    const v = (await form.validateFields().catch(() => null)) as {
      code?: string;
      issueDate?: Dayjs;
      issuer?: string;
      voidReason?: string;
      remark?: string;
    } | null;
    if (!v) return;
    const parsed = animalFlagEndpoints.newVersion.body!.safeParse({
      animalId: flag.animalId,
      type: flag.type,
      code: v.code ?? '',
      issueDate: v.issueDate ? v.issueDate.format(DATE_FORMAT) : undefined,
      issuer: v.issuer,
      voidReason: v.voidReason,
      remark: v.remark,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      form.setFields([{ name: String(issue.path[0] ?? 'code'), errors: [issue.message] }]);
      return;
    }
    await run(async () => {
      await call(animalFlagEndpoints.newVersion, { body: parsed.data });
      toast.success(t('zooAnimalFlag.newVersionDone'));
      await client.invalidateQueries({ queryKey: crudKeys.lists('animal_flag') });
      onClose();
    });
  };
  return (
    <Modal
      open
      title={t('zooAnimalFlag.newVersion')}
      width={640}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        name="animal-flag-newversion"
        initialValues={{ type: String(flag.type) }}
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
      >
        <Form.Item label={t('zooAnimalFlag.type')}>
          <DictTag code="flag_type" value={flag.type} /> {t('zooAnimalFlag.replaces', { version: flag.version, code: flag.code })}
        </Form.Item>
        <Form.Item name="type" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="code" label={t('zooAnimalFlag.code')} required>
          <FlagCodeInput />
        </Form.Item>
        <Form.Item name="issueDate" label={t('zooAnimalFlag.issueDate')}>
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item name="issuer" label={t('zooAnimalFlag.issuer')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="voidReason" label={t('zooAnimalFlag.voidReason')}>
          <Input allowClear placeholder={t('zooAnimalFlag.voidReasonHint')} />
        </Form.Item>
        <Form.Item name="remark" label={t('zooAnimalFlag.remark')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 标识: an animal's identification flags with every version, add / edit details / 新版本. */
export function AnimalFlagsDialog({ animal, onClose }: { animal: { id: string; localNo: string; animalName: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const def = useMemo(() => flagPageFor(animal.id), [animal.id]);
  const [renew, setRenew] = useState<Flag | null>(null);
  return (
    <Modal
      open
      width={1200}
      title={`${t('zooAnimalFlag.title')} · ${animal.localNo} ${animal.animalName}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('crud.close')}</Button>}
    >
      <CrudPage
        def={def}
        rowActions={(row, ctx) =>
          row.current && ctx.can('animal_flag') ? (
            <Button type="link" size="small" onClick={() => setRenew(row)}>
              {t('zooAnimalFlag.newVersion')}
            </Button>
          ) : null
        }
      />
      {renew ? <NewVersionDialog flag={renew} onClose={() => setRenew(null)} /> : null}
    </Modal>
  );
}
