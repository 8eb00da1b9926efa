import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { FeedbackBridge } from './feedback-bridge';
import { accessibleTheme } from './theme/tokens';
import { useLanguageSync } from './use-language-sync';

interface Props {
  children: ReactNode;
  /** Tests pass a fresh client so cached lists never leak between cases. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: Props) {
  const language = useSession((s) => s.language);
  const colour = useSession((s) => s.colour);
  const [client] = useState(() => queryClient ?? createQueryClient());
  const reducedMotion = useReducedMotion();
  useLanguageSync(language, client);
  // Every text colour at 4.5 : 1 or more (decision 0048), the chosen colour kept as its readable shade.
  const theme = useMemo(() => accessibleTheme(colour, !reducedMotion), [colour, reducedMotion]);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider
        locale={language === 'en' ? enUS : zhCN}
        theme={theme}
        // "登录" must stay "登录" (not "登 录") so people and Playwright find buttons by their text.
        button={{ autoInsertSpace: false }}
      >
        <AntApp>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
