import { App } from 'antd';
import { useEffect } from 'react';
import { resetFeedbackApi, setFeedbackApi } from '../lib/feedback';

/** Hands the context-aware message/modal instances to the non-React feedback helpers. */
export function FeedbackBridge(): null {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedbackApi(message, modal);
    return resetFeedbackApi;
  }, [message, modal]);
  return null;
}
