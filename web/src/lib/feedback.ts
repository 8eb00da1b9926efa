import { message as staticMessage, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd';

/**
 * Toasts and confirms for code outside components. The static antd API cannot read the theme or
 * locale context, so the app registers the App.useApp() instances; the static API is the fallback.
 */
let messageApi: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'> = staticMessage;
let modalApi: { confirm: (props: ModalFuncProps) => unknown } = Modal;

export const setFeedbackApi = (m: typeof messageApi, modal: typeof modalApi): void => {
  messageApi = m;
  modalApi = modal;
};

/** Back to the static API when the app unmounts, so no toast goes to a dead holder. */
export const resetFeedbackApi = (): void => setFeedbackApi(staticMessage, Modal);

export const toast = {
  error: (text: string) => void messageApi.error(text),
  success: (text: string) => void messageApi.success(text),
  warning: (text: string) => void messageApi.warning(text),
  info: (text: string) => void messageApi.info(text),
};

export interface ConfirmOptions {
  title: string;
  content: string;
  /** Runs on OK; the dialog shows a spinner until it settles and stays open if it rejects. */
  onOk: () => unknown;
}

export const confirm = ({ title, content, onOk }: ConfirmOptions): void => {
  modalApi.confirm({ title, content, onOk: () => onOk() });
};
