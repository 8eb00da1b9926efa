import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { featureBundles } from './app/i18n-bundles';
import { initI18n } from './lib/i18n';
import { useSession } from './lib/session';
import 'antd/dist/reset.css';
import './styles.css';

initI18n(useSession.getState().language, featureBundles);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
