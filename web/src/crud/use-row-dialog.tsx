import type { Permission } from '@zoo/contract';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import type { CrudContext } from './crud-page';

/**
 * A page's own row operation that opens a dialog for the row (role grant, top-menu menus, scope settings):
 * `action` goes into the `rowActions` slot (shown when `code` is granted), `dialog` next to the page.
 */
export function useRowDialog<Row>(code: Permission, label: string, render: (row: Row, close: () => void) => ReactNode) {
  const [row, setRow] = useState<Row | null>(null);
  return {
    action: (r: Row, ctx: Pick<CrudContext<Row>, 'can'>) =>
      ctx.can(code) ? (
        <Button type="link" size="small" onClick={() => setRow(r)}>
          {label}
        </Button>
      ) : null,
    dialog: row === null ? null : render(row, () => setRow(null)),
    open: setRow,
  };
}
