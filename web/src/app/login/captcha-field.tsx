import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  image?: string;
  onRefresh: () => void;
}

/** Captcha text input with the server image beside it; clicking the image fetches a new one. */
export function CaptchaField({ image, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item name="captcha" style={{ flex: 1 }} rules={[{ required: true, message: t('login.captchaRequired') }]}>
        <Input prefix={<SafetyCertificateOutlined />} aria-label={t('login.captcha')} placeholder={t('login.captchaRequired')} autoComplete="off" />
      </Form.Item>
      <img
        data-testid="captcha-img"
        src={image || undefined}
        alt={t('login.captcha')}
        title={t('login.captchaRefresh')}
        onClick={onRefresh}
        style={{ width: 110, height: 40, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6 }}
      />
    </div>
  );
}
