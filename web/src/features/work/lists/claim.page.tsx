import { flowEndpoints, FLOW_MSG } from '@zoo/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { DiagramButton } from './work-actions';
import { claimListPage } from './work-lists.crud';

/** 待签事务: tasks the user may claim (candidate user or group); 签收 makes the task the user's (待办). */
export default function ClaimPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={claimListPage}
      rowActions={(row, ctx) => (
        <>
          <Button
            type="link"
            size="small"
            data-testid="row-claim"
            onClick={() =>
              confirm({
                title: t('layout.tip'),
                content: t('work.claimConfirm'),
                onOk: async () => {
                  try {
                    await call(flowEndpoints.claimTask, { query: { taskId: row.taskId } });
                  } catch {
                    ctx.refresh(); // toasted; someone else may have claimed it
                    return;
                  }
                  toast.success(FLOW_MSG.claimed);
                  ctx.refresh();
                },
              })
            }
          >
            {t('work.claim')}
          </Button>
          <DiagramButton processInstanceId={row.processInstanceId} />
        </>
      )}
    />
  );
}
