import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/feedback';
import { useSession } from '../../lib/session';
import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '../router/route-meta';

/** /lock: left only with the lock password (or by logging out). */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const { lockPasswd, lockFrom, clearLock, logout } = useSession();
  const unlock = () => {
    if (value !== lockPasswd) return toast.error(t('lock.wrong'));
    clearLock();
    // Back to the page that was open when the screen locked.
    navigate(lockFrom && lockFrom !== LOCK_PATH ? lockFrom : HOME_PATH);
  };
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f0f2f5' }}>
      <Card style={{ width: 360 }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4}>
            <LockOutlined /> {t('lock.title')}
          </Typography.Title>
          <Input.Password placeholder={t('lock.password')} value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={unlock} />
          <Button type="primary" block onClick={unlock}>
            {t('lock.unlock')}
          </Button>
          <Button block onClick={() => (logout(), navigate(LOGIN_PATH))}>
            {t('lock.logout')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
