import { registrationEndpoints, roleEndpoints, userEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import type { RowOf } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import type { userPage } from './user.crud';

type User = RowOf<typeof userPage.crud>;

/**
 * 角色配置: the selected users get the picked roles (roles of the users' own tenant). With `approve` it is the
 * approval of pending registrations (spec §4): the same role choice, and the users are enabled.
 */
export function UserGrantDialog({ users, onClose, onSaved, approve }: { users: User[]; onClose: () => void; onSaved: () => void; approve?: boolean }) {
  const { t } = useTranslation();
  const tenantId = users[0]?.tenantId;
  const tree = useQuery({
    queryKey: ['crud-tree', 'user-role', tenantId ?? ''],
    queryFn: () => call(roleEndpoints.tree, { query: tenantId ? { tenantId } : {} }),
    staleTime: 30_000,
  });
  const initial = users.length === 1 ? users[0]!.roleId.split(',').filter(Boolean) : [];
  return (
    <FormDialog<{ roleIds?: string[] }>
      name="user-grant"
      title={t(approve ? 'user.approve' : 'user.grant')}
      initialValues={{ roleIds: initial }}
      onSave={async (v) => {
        await call(approve ? registrationEndpoints.approve : userEndpoints.grant, { query: v as never });
        onSaved();
      }}
      toInput={(v) => ({ userIds: users.map((u) => u.id).join(','), roleIds: (v.roleIds ?? []).join(',') })}
      onClose={onClose}
    >
      <Form.Item
        name="roleIds"
        label={t('user.roleId')}
        required
        rules={[
          {
            validator: async (_r, v: string[] | undefined) => {
              if (!v?.length) throw new Error('请选择所属角色');
            },
          },
        ]}
      >
        <TreeSelect multiple allowClear treeDefaultExpandAll treeData={tree.data ?? []} loading={tree.isLoading} />
      </Form.Item>
    </FormDialog>
  );
}

/** 密码重置 / 账号解封: confirm, call with the selected users, 操作成功!. */
export function useUserBatch(t: (k: string) => string) {
  return (users: User[], kind: 'reset' | 'unlock', done: () => void) => {
    if (!users.length) return toast.warning(t('crud.selectOne'));
    confirm({
      title: t('layout.tip'),
      content: t(kind === 'reset' ? 'user.resetConfirm' : 'user.unlockConfirm'),
      onOk: async () => {
        const query = { userIds: users.map((u) => u.id).join(',') };
        try {
          await call(kind === 'reset' ? userEndpoints.resetPassword : userEndpoints.unlock, { query: query as never });
        } catch {
          return;
        }
        toast.success(t('grant.success'));
        done();
      },
    });
  };
}

/** A registration awaiting approval: what register-guest creates (disabled, no role). */
export const isPending = (u: User) => u.status === 0 && !u.roleId;

/** 审核拒绝: confirm, then the pending registrations are removed (their provider identities are free again). */
export function refuseRegistrations(t: (k: string) => string, users: User[], done: () => void) {
  if (!users.length) return toast.warning(t('crud.selectOne'));
  if (!users.every(isPending)) return toast.warning(t('user.notPending'));
  confirm({
    title: t('layout.tip'),
    content: t('user.refuseConfirm'),
    onOk: async () => {
      try {
        await call(registrationEndpoints.refuse, { query: { userIds: users.map((u) => u.id).join(',') } as never });
      } catch {
        return;
      }
      toast.success(t('grant.success'));
      done();
    },
  });
}
