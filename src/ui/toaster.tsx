import { createToaster } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { Message } from '../../rules/languages';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../config/constants';
import { t } from '../i18n/i18n';
import { toasterArrived } from './notices';

/** The four toast variants (docs/behaviour.md#messages); 'destructive' is Chakra's 'error'. */
export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning';

/** A toast's words: English words (or the server's) or a Message with values, said in the interface's language. */
export interface ToastOptions {
  title: Message;
  description?: Message;
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

/** How far a bar fixed at the bottom of the screen (the builder's Save bar) reaches up: toasts sit above it. */
export const TOAST_CLEARANCE_VARIABLE = '--toast-clearance-bottom';

// Bottom end, lifted above whatever bar is stuck to the bottom of the screen: at the top a toast covered what
// people reach for next (the app bar's menu and logo, the builder's Undo, Redo, Template, Download and Email,
// Import on the templates screen). On a phone the region spans the width (toast-region.tsx), still at the bottom.
// docs/decisions/0041-saves-and-notices.md
export const toaster = createToaster({
  placement: 'bottom-end',
  offsets: {
    top: '1rem',
    left: '1rem',
    right: '1rem',
    bottom: `calc(var(${TOAST_CLEARANCE_VARIABLE}, 0px) + 1rem)`,
  },
  max: TOAST_LIMIT,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  pauseOnPageIdle: true,
});

/**
 * Shows one toast (docs/behaviour.md#messages: only one toast at a time; a new one replaces the current one).
 * Earlier toasts are removed first, so a closing one never holds the next in the queue. Its words are said in the
 * interface's language as it is shown (a toast lasts seconds: a language chosen meanwhile shows on the next one).
 */
export function showToast({ title, description, variant = 'default', duration }: ToastOptions): string {
  toaster.remove();
  return toaster.create({
    title: t(title),
    description: description === undefined ? undefined : t(description),
    type: TOAST_TYPE[variant],
    // Success toasts stay as long as the others (Chakra's 2 s took 'Account created Successfully!' and its
    // instructions away before they were read); they cover nothing now (see `toaster`).
    duration: duration ?? (variant === 'success' ? SUCCESS_TOAST_MS : undefined),
    closable: true,
  });
}

/** How long a success toast stays: as long as Chakra keeps the other kinds. */
export const SUCCESS_TOAST_MS = 5000;

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

// The first page's slot (./notices) mounts the region once this module is here.
toasterArrived();
