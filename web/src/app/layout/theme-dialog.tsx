import { CheckOutlined } from '@ant-design/icons';
import { Card, Col, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useShellUi } from './shell-ui';
import { THEMES } from './themes';

/** The 11 themes as small previews (header strip over sidebar); the choice persists. */
export function ThemeDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'theme');
  const close = useShellUi((s) => s.close);
  const current = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  return (
    <Modal open={open} onCancel={close} footer={null} title={t('shell.themes.title')} width={720}>
      <Row gutter={[12, 12]}>
        {THEMES.map((theme) => (
          <Col span={6} key={theme.name}>
            <Card
              size="small"
              hoverable
              data-testid={`theme-${theme.name}`}
              onClick={() => setTheme(theme.name)}
              style={{ borderColor: current === theme.name ? 'var(--ant-color-primary, #409EFF)' : undefined }}
              styles={{ body: { padding: 8 } }}
            >
              <div style={{ display: 'flex', height: 56, borderRadius: 4, overflow: 'hidden', border: '1px solid #eee' }}>
                <div style={{ width: 18, background: theme.sider.background }} />
                <div style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
                  <div style={{ height: 12, background: theme.header.background }} />
                  <div style={{ flex: 1, background: '#f0f2f5' }} />
                </div>
              </div>
              <div style={{ marginTop: 6, fontSize: 12, textAlign: 'center' }}>
                {current === theme.name ? <CheckOutlined style={{ marginRight: 4 }} /> : null}
                {t(`shell.themes.${theme.name}`)}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Modal>
  );
}
