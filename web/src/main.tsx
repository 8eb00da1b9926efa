import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/app';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
