import { useContext } from 'react';
import { ToastContext, type Toasts } from './ToastProvider.tsx';

export function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToasts must be used inside <ToastProvider>');
  return toasts;
}
