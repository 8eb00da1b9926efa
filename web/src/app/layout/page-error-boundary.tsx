import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { captureError } from '../../lib/session';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const timedOut = error.name === 'PageLoadTimeout';
  // Plain markup, not antd Result: its illustrations would ride along with every signed-in page load.
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, lineHeight: 1.35, marginBottom: 8, color: timedOut ? '#faad14' : '#ff4d4f' }}>
        {timedOut ? t('shell.boundary.timeout') : t('shell.boundary.title')}
      </div>
      {timedOut ? null : <div style={{ color: 'rgba(0,0,0,.45)', marginBottom: 24 }}>{`${error.message} — ${t('shell.boundary.logged')}`}</div>}
      <Button type="primary" onClick={onRetry}>
        {t('shell.boundary.retry')}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
}

/**
 * React error boundary around the page area: a render error (or a timed-out chunk) is recorded in
 * the error log with its component stack, and the shell stays usable. The layout re-keys it per path.
 */
export class PageErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    captureError(error, info.componentStack ?? '');
  }

  render() {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
