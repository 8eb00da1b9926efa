import { userEndpoints } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/import-dialog';
import { CrudPage, crudKeys, type RowOf } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { download } from '../../../lib/request/transfer';
import { userPage } from './user.crud';
import { isPending, refuseRegistrations, UserGrantDialog, useUserBatch } from './user-actions';
import { UserDeptTree } from './user-dept-tree';

type User = RowOf<typeof userPage.crud>;

export default function UserPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [deptId, setDeptId] = useState<string | undefined>();
  const [grant, setGrant] = useState<User[] | null>(null);
  const [approving, setApproving] = useState<User[] | null>(null);
  const [importing, setImporting] = useState(false);
  const batch = useUserBatch(t);
  const refresh = () => void client.invalidateQueries({ queryKey: crudKeys.lists(userPage.crud.name) });
  // The tree's department filters the list (the department and everything below it).
  const def = useMemo(() => (deptId ? { ...userPage, baseQuery: { deptId } } : userPage), [deptId]);

  return (
    // Side by side from 992 px; on a tablet upright the tree sits above the list (beside it, it left the list 340 px).
    <Row gutter={12}>
      <Col xs={24} lg={{ flex: '240px' }} style={{ paddingTop: 24, paddingLeft: 12 }}>
        <UserDeptTree value={deptId} onChange={setDeptId} />
      </Col>
      <Col xs={24} lg={{ flex: '1 1 0' }} style={{ minWidth: 0 }}>
        <CrudPage
          def={def}
          toolbar={(ctx) => (
            <>
              {ctx.can('user_role') ? (
                <Button onClick={() => (ctx.selected.length ? setGrant(ctx.selected) : toast.warning(t('crud.selectOne')))}>{t('user.grant')}</Button>
              ) : null}
              {ctx.can('user_edit') ? (
                <Button
                  onClick={() =>
                    !ctx.selected.length
                      ? toast.warning(t('crud.selectOne'))
                      : ctx.selected.every(isPending)
                        ? setApproving(ctx.selected)
                        : toast.warning(t('user.notPending'))
                  }
                >
                  {t('user.approve')}
                </Button>
              ) : null}
              {ctx.can('user_edit') ? <Button onClick={() => refuseRegistrations(t, ctx.selected, refresh)}>{t('user.refuse')}</Button> : null}
              {ctx.can('user_reset') ? <Button onClick={() => batch(ctx.selected, 'reset', refresh)}>{t('user.reset')}</Button> : null}
              {ctx.can('user_unlock') ? <Button onClick={() => batch(ctx.selected, 'unlock', refresh)}>{t('user.unlock')}</Button> : null}
              {ctx.can('user_import') ? <Button onClick={() => setImporting(true)}>{t('transfer.import')}</Button> : null}
              {ctx.can('user_export') ? (
                <Button
                  onClick={() =>
                    confirm({
                      title: t('layout.tip'),
                      content: t('user.exportConfirm'),
                      onOk: () => download(userEndpoints.exportFile, { ...ctx.filters, deptId }),
                    })
                  }
                >
                  {t('transfer.export')}
                </Button>
              ) : null}
            </>
          )}
        />
      </Col>
      {grant ? <UserGrantDialog users={grant} onClose={() => setGrant(null)} onSaved={refresh} /> : null}
      {approving ? <UserGrantDialog approve users={approving} onClose={() => setApproving(null)} onSaved={refresh} /> : null}
      {importing ? <ImportDialog title={t('user.import')} calls={userEndpoints} onClose={() => setImporting(false)} onFinished={refresh} /> : null}
    </Row>
  );
}
