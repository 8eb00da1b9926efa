import { DEFAULT_PAGE_SIZE } from '@zoo/contract';
import { useRef, useState } from 'react';
import { cleanQuery } from './clean-query';
import type { ListParams } from './crud-queries';
import type { AnyRow } from './types';

export type FormMode = 'add' | 'edit' | 'view';
export interface DialogState {
  mode: FormMode;
  /** The row to edit or view; for 'add', starting values (a child's parent, say). */
  row?: AnyRow;
}

/** Page, filters, selection and dialog of one CRUD screen; `Row` is its resource's record. */
export function useCrudState<Row extends AnyRow = AnyRow>() {
  const [params, setParams] = useState<ListParams>({ current: 1, size: DEFAULT_PAGE_SIZE, filters: {} });
  const [selected, setSelected] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The dialog unmounts on close, before antd could give focus back (WCAG 2.4.3): the page does it.
  const opener = useRef<HTMLElement | null>(null);
  return {
    params,
    selected,
    dialog,
    /** A new search starts again at page 1 (spec §5). */
    search: (values: Record<string, unknown>) => setParams((p) => ({ ...p, current: 1, filters: cleanQuery(values) })),
    reset: () => setParams((p) => ({ ...p, current: 1, filters: {} })),
    paginate: (current: number, size: number) => setParams((p) => ({ ...p, current, size })),
    setSelected,
    open: (mode: FormMode, row?: AnyRow) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDialog({ mode, row });
    },
    close: () => {
      setDialog(null);
      const back = opener.current;
      opener.current = null;
      if (back) requestAnimationFrame(() => back.isConnected && back.focus());
    },
  };
}

export type CrudState<Row extends AnyRow = AnyRow> = ReturnType<typeof useCrudState<Row>>;
