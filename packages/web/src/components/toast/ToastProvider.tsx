import { Button, message } from 'antd';
import { createContext, type ReactNode, useMemo, useRef } from 'react';
import { TOAST_DURATION_SECONDS, type ToastOptions, type ToastType, VisibleToasts } from './toastRules.ts';

export interface Toasts {
  addToast: (type: ToastType, text: string, options?: ToastOptions) => void;
  addInfoToast: (text: string, options?: ToastOptions) => void;
  addSuccessToast: (text: string, options?: ToastOptions) => void;
  addWarningToast: (text: string, options?: ToastOptions) => void;
  addDangerToast: (text: string, options?: ToastOptions) => void;
}

export const ToastContext = createContext<Toasts | null>(null);

const ANTD_TYPE: Record<ToastType, 'info' | 'success' | 'warning' | 'error'> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

let nextToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [messageApi, contextHolder] = message.useMessage({ maxCount: 6 });
  const visible = useRef(new VisibleToasts());

  const toasts = useMemo<Toasts>(() => {
    const addToast = (type: ToastType, text: string, options: ToastOptions = {}) => {
      if (!visible.current.admit(type, text, options)) return;
      nextToastId += 1;
      const key = `toast-${nextToastId}`;
      const { action } = options;
      void messageApi.open({
        key,
        type: ANTD_TYPE[type],
        content: (
          <span data-toast-type={type}>
            {text}
            {action && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  messageApi.destroy(key);
                  action.onClick();
                }}
              >
                {action.label}
              </Button>
            )}
          </span>
        ),
        duration: options.duration ?? TOAST_DURATION_SECONDS[type],
        onClose: () => visible.current.release(type, text),
      });
    };
    return {
      addToast,
      addInfoToast: (text, options) => addToast('info', text, options),
      addSuccessToast: (text, options) => addToast('success', text, options),
      addWarningToast: (text, options) => addToast('warning', text, options),
      addDangerToast: (text, options) => addToast('danger', text, options),
    };
  }, [messageApi]);

  return (
    <ToastContext.Provider value={toasts}>
      {contextHolder}
      {children}
    </ToastContext.Provider>
  );
}
