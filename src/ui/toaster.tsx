import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../config/constants';

/** Spec §8 variants; 'destructive' is Chakra's 'error'. */
export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** ms before the toast closes by itself; Chakra's per-type default when left out. */
  duration?: number;
}

const TOAST_TYPE: Record<ToastVariant, 'info' | 'error' | 'success' | 'warning'> = {
  default: 'info',
  destructive: 'error',
  success: 'success',
  warning: 'warning',
};

export const toaster = createToaster({
  placement: 'top-end',
  max: TOAST_LIMIT,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  pauseOnPageIdle: true,
});

/**
 * Shows one toast (spec §8: only one toast at a time; a new one replaces the current one).
 * Earlier toasts are removed first: a dismissed toast is only removed after TOAST_REMOVE_DELAY_MS,
 * and with max 1 it would otherwise hold the next toast in the queue for that long.
 */
export function showToast({ title, description, variant = 'default', duration }: ToastOptions): string {
  toaster.remove();
  return toaster.create({ title, description, type: TOAST_TYPE[variant], duration, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="accent.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Close" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
