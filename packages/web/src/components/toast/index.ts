export { ToastProvider, type Toasts } from './ToastProvider.tsx';
export { TOAST_DURATION_SECONDS, type ToastOptions, type ToastType } from './toastRules.ts';
export { useToasts } from './useToasts.ts';
