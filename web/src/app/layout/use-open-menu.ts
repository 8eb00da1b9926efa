import { useNavigate } from 'react-router';
import { menuTarget, type MenuEntry } from '../router/menu-paths';

/** Opens a menu entry as the sidebar does: a route, the iframe route or a new window. */
export function useOpenMenu(): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return (entry) => {
    const target = menuTarget(entry);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(target.to);
  };
}
