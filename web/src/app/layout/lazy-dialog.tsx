import { lazy, Suspense, useState, type ComponentType } from 'react';
import { withJitlessZod } from '../../lib/zod-jitless';
import { useShellUi, type ShellDialog } from './shell-ui';

/**
 * A shell dialog whose code loads the first time it is asked for, then stays mounted (so it can animate
 * closed and keep its state). Keeps tables, selects and forms of rarely opened dialogs out of the home page's
 * download (issue 13).
 */
export function lazyDialog(name: ShellDialog, load: () => Promise<ComponentType>): ComponentType {
  const Dialog = lazy(withJitlessZod(() => load().then((c) => ({ default: c }))));
  return function LazyDialog() {
    const wanted = useShellUi((s) => s.open === name);
    const [mounted, setMounted] = useState(false);
    if (wanted && !mounted) setMounted(true);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    );
  };
}
