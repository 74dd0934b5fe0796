import { createToaster } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../config/constants';

/** The four toast variants (docs/behaviour.md#messages); 'destructive' is Chakra's 'error'. */
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
 * Shows one toast (docs/behaviour.md#messages: only one toast at a time; a new one replaces the current one).
 * Earlier toasts are removed first, so a closing one never holds the next in the queue.
 */
export function showToast({ title, description, variant = 'default', duration }: ToastOptions): string {
  toaster.remove();
  return toaster.create({ title, description, type: TOAST_TYPE[variant], duration, closable: true });
}

const ToastRegion = lazy(() => import('./toast-region'));

/**
 * Where toasts appear. The toast machinery (Ark/Zag toast and dismissable layers) is fetched with the first
 * toast rather than with the first page: the store above takes toasts straight away, and the region shows
 * whatever the store holds once it mounts.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getVisibleToasts().length > 0) setNeeded(true);
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRegion toaster={toaster} />
    </Suspense>
  ) : null;
}
