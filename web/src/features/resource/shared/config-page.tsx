import type { Permission } from '@zoo/contract';
import { CONFIG_ENABLED, type Endpoint } from '@zoo/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type CrudContext, type CrudPageDef, type CrudResource, type RowOf } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

/** What 启用 reads of a configuration row. */
type Row = { id?: unknown; status?: unknown };

interface Props<C extends CrudResource> {
  def: CrudPageDef<C>;
  /** `enable?id`: this configuration on, the tenant's others off. */
  enable: Endpoint;
  enablePerm: Permission;
  /** More row operations after 启用 (debug actions). */
  rowActions?: (row: RowOf<C>, ctx: CrudContext<RowOf<C>>) => ReactNode;
}

/** An OSS or SMS configuration screen: the CRUD list plus 启用 on every row not yet enabled. */
export function ConfigPage<C extends CrudResource>({ def, enable, enablePerm, rowActions }: Props<C>) {
  const { t } = useTranslation();
  const enableAction = (row: Row, ctx: Pick<CrudContext, 'can' | 'refresh'>) =>
    ctx.can(enablePerm) && row.status !== CONFIG_ENABLED ? (
      <Button
        type="link"
        size="small"
        onClick={() =>
          confirm({
            title: t('layout.tip'),
            content: t('config.enableConfirm'),
            onOk: async () => {
              try {
                await call(enable, { query: { id: String(row.id) } } as never);
              } catch {
                return; // already toasted
              }
              toast.success(t('config.done'));
              ctx.refresh();
            },
          })
        }
      >
        {t('config.enable')}
      </Button>
    ) : null;
  return (
    <CrudPage
      def={def}
      rowActions={(row, ctx) => (
        <>
          {enableAction(row, ctx)}
          {rowActions?.(row, ctx)}
        </>
      )}
    />
  );
}
