import { deptEndpoints, roleEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/feedback';
import { call } from '../../lib/request';
import { loadButtonsLater, loadMenu, switchDeptRole, useSession } from '../../lib/session';
import { useShellUi } from './shell-ui';
import { useBusy } from '../../lib/use-busy';

interface Values {
  deptId: string;
  roleId: string;
}

/**
 * switchMode: choose one of the user's departments and roles, then sign in again through the refresh
 * grant with Dept-Id/Role-Id (contract §2.1); the menu and buttons follow the new role.
 */
export function SwitchDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useShellUi((s) => s.open === 'switch');
  const close = useShellUi((s) => s.close);
  const user = useSession((s) => s.userInfo);
  const userId = user?.user_id ?? '';
  const [form] = Form.useForm<Values>();
  const [busy, run] = useBusy();
  const depts = useQuery({
    queryKey: ['shell', 'switch-dept', userId],
    queryFn: () => call(deptEndpoints.select, { query: { userId } }),
    enabled: open && Boolean(userId),
  });
  const roles = useQuery({
    queryKey: ['shell', 'switch-role', userId],
    queryFn: () => call(roleEndpoints.select, { query: { userId } }),
    enabled: open && Boolean(userId),
  });

  const submit = async () => {
    const values = await form.validateFields();
    await run(async () => {
      await switchDeptRole(values.deptId, values.roleId);
      await loadMenu().catch(() => undefined);
      void loadButtonsLater();
      close();
      toast.success(t('shell.switch.done'));
      navigate('/');
    });
  };

  return (
    <Modal
      open={open}
      title={t('shell.switch.title')}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('shell.ok')}
      cancelText={t('shell.cancel')}
    >
      <Form form={form} layout="vertical" initialValues={{ deptId: user?.dept_id?.split(',')[0], roleId: user?.role_id?.split(',')[0] }}>
        <Form.Item name="deptId" label={t('shell.switch.dept')} rules={[{ required: true, message: t('shell.switch.deptRequired') }]}>
          <Select
            loading={depts.isFetching}
            options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
            placeholder={t('shell.switch.deptRequired')}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('shell.switch.role')} rules={[{ required: true, message: t('shell.switch.roleRequired') }]}>
          <Select
            loading={roles.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
            placeholder={t('shell.switch.roleRequired')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
