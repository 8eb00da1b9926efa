import dayjs from 'dayjs';
import { create } from 'zustand';

/** One captured UI error, shaped as the POST oauth/logout upload expects (contract ErrorLogEntry). */
export interface ErrorLog {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

interface ErrorLogState {
  logs: ErrorLog[];
  add(log: ErrorLog): void;
  clear(): void;
}

/** Kept in memory like Saber's `logs` module; the header badge counts them. */
export const useErrorLog = create<ErrorLogState>()((set) => ({
  logs: [],
  add: (log) => set((s) => ({ logs: [log, ...s.logs].slice(0, 500) })),
  clear: () => set({ logs: [] }),
}));

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
};

/** Records an error from any source (window error, unhandled rejection, error boundary). */
export function captureError(error: unknown, info = '', type = 'error'): void {
  const err = error instanceof Error ? error : undefined;
  useErrorLog.getState().add({
    type,
    url: window.location.href,
    message: err ? err.message : text(error),
    stack: err?.stack ?? '',
    info,
    time: dayjs().format('YYYY-MM-DD HH:mm:ss'),
  });
}

/**
 * Listens for uncaught errors and unhandled promise rejections for the lifetime of the app;
 * returns the stop function.
 */
export function installErrorCapture(): () => void {
  const onError = (e: ErrorEvent) => {
    // Chrome reports a benign layout notice as an error event; it is no fault of the page.
    if (/ResizeObserver loop/i.test(e.message ?? '')) return;
    captureError(e.error ?? e.message, `${e.filename ?? ''}:${e.lineno ?? ''}:${e.colno ?? ''}`);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    // A failed request was already shown as a toast (spec §8); only real UI faults are logged.
    if ((e.reason as Error | undefined)?.name === 'RequestError') return;
    captureError(e.reason, 'unhandledrejection');
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
