// Toasts of spec section 2: error, success, warning; 3 s by default, stacking.
import { notifications } from '@mantine/notifications';
import { limits } from '../config/limits';
import { common } from '../i18n/es/common';

type ToastOptions = { title?: string; autoClose?: number };

function show(color: string, message: string, options: ToastOptions = {}) {
  notifications.show({
    color,
    message,
    title: options.title,
    autoClose: options.autoClose ?? limits.toastMs,
    // Mantine's close button has no name by default (axe: critical); a toast over an open dialog
    // sits inside it (app/toast-host.tsx), so its name differs from the dialog's "Cerrar".
    closeButtonProps: { 'aria-label': common.closeToast },
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('teal', message, options),
  error: (message: string, options?: ToastOptions) => show('red', message, options),
  warning: (message: string, options?: ToastOptions) => show('yellow', message, options),
  info: (message: string, options?: ToastOptions) => show('blue', message, options),
};
