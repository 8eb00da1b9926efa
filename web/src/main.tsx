import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/app';
import { preloadMenuRoute } from './app/router/routes';
import { shellI18n } from './app/layout/shell.i18n';
import { initI18n } from './lib/i18n';
import { useSession } from './lib/session';
import 'antd/dist/reset.css';
import './styles.css';

// Feature labels are registered by the signed-in shell's chunk (main-layout.tsx): the login page needs none.
initI18n(useSession.getState().language, [shellI18n]);

// The installable shell (decision 0046): the service worker precaches the build so the round opens offline; a new
// build takes over on the next load (autoUpdate), index.html itself is revalidated by the server.
registerSW({ immediate: true });

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// Opened on a screen while signed in (a reload, the installed app offline): its code and the shell's load together,
// and the first render waits for them (at most FIRST_RENDER_WAIT_MS). Rendered at once instead, the shell's chunk
// would come after a spinner that React keeps on screen at least 300 ms, and the screen's chunk only after the shell
// had rendered (the offline round's first paint, decision 0046).
const FIRST_RENDER_WAIT_MS = 500;
if (useSession.getState().token) {
  void Promise.race([preloadMenuRoute(window.location.pathname), new Promise((r) => setTimeout(r, FIRST_RENDER_WAIT_MS))]).then(render);
} else render();
