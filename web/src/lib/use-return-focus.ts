import { useEffect, useState } from 'react';

/**
 * For a dialog that is unmounted when it closes (antd gives focus back only after its own close animation):
 * focus returns to what had it when the dialog opened (WCAG 2.2 SC 2.4.3, focus order). The opener is read at
 * the first render, before the dialog's own effects move focus into it.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener) requestAnimationFrame(() => opener.isConnected && opener.focus());
    },
    [opener],
  );
}
