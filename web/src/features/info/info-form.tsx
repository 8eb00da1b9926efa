import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { ossEndpoints, UserInfoUpdate, userEndpoints, type UserVO } from '@zoo/contract';
import { Avatar, Button, Form, Input, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback';
import { call, upload } from '../../lib/request';
import { useSession } from '../../lib/session';
import { avatarProblem } from './avatar-rules';
import { useBusy } from '../../lib/use-busy';

type Values = Pick<UserVO, 'avatar' | 'realName' | 'name' | 'phone' | 'email'>;
const FIELDS = ['avatar', 'realName', 'name', 'phone', 'email'] as const;
/** Required on this form: an empty box is checked as "" so the contract's own message shows. */
const REQUIRED = new Set<string>(['realName', 'name', 'phone']);

/** One field's rule from the contract's update-info schema (messages verbatim, phone in spec §5 order). */
const contractRule = (key: (typeof FIELDS)[number]): Rule => ({
  validator: (_r, v: unknown) => {
    const value = v === undefined || v === null ? (REQUIRED.has(key) ? '' : undefined) : v;
    const parsed = UserInfoUpdate.shape[key].safeParse(value);
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]!.message));
  },
});

interface AvatarFieldProps {
  value?: string;
  onChange?: (link: string) => void;
  /** A file refused here or by the server: the message to show. */
  onRefuse: (message: string) => void;
}

/** The avatar and its upload button; a file is checked before it is sent (type, size). */
function AvatarField({ value, onChange, onRefuse }: AvatarFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="center" size="large">
      <Avatar size={96} src={value || undefined} icon={<UserOutlined />} alt="avatar" />
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = avatarProblem(file);
          if (!problem) return true;
          onRefuse(t(problem));
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file }) => {
          const f = file as File;
          setUploading(true);
          try {
            onChange?.((await upload(ossEndpoints.putFile, f, f.name, { type: 'avatar' })).link);
          } catch (e) {
            onRefuse(e instanceof Error ? e.message : String(e));
          } finally {
            setUploading(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('info.upload')}
        </Button>
      </Upload>
    </Space>
  );
}

/** 个人信息: avatar (checked here, then put-file?type=avatar), names, phone, email → update-info. */
export function InfoForm({ user, onSaved }: { user: UserVO; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, run] = useBusy();

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(FIELDS.map((k) => [k, user[k]])) as Values);
  }, [user, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const p = UserInfoUpdate.parse(values);
    const body = { avatar: p.avatar ?? '', realName: p.realName, name: p.name, phone: p.phone, email: p.email ?? '' };
    const done = await run(async () => {
      await call(userEndpoints.updateInfo, { body });
    });
    if (!done) return;
    // The header shows the name and avatar from the session: keep it in step.
    const s = useSession.getState();
    if (s.userInfo) useSession.setState({ userInfo: { ...s.userInfo, avatar: body.avatar ?? '', real_name: body.realName ?? '', nick_name: body.name ?? '' } });
    toast.success(t('info.saved'));
    onSaved();
  };

  return (
    <Form form={form} name="user-info" labelCol={{ flex: '120px' }} style={{ maxWidth: 640 }}>
      <Form.Item name="avatar" label={t('info.avatar')} extra={t('info.avatarTip')} rules={[contractRule('avatar')]}>
        <AvatarField onRefuse={(m) => form.setFields([{ name: 'avatar', errors: [m] }])} />
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')} rules={[contractRule('realName')]} required>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[contractRule('name')]} required>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="phone" label={t('info.phone')} rules={[contractRule('phone')]} required>
        <Input allowClear maxLength={20} />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[contractRule('email')]}>
        <Input allowClear />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('info.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
