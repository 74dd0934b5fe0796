import { Suspense, lazy, useEffect, useState } from 'react';
import type * as ToasterModule from './toaster';
import type { ToastOptions } from './toaster';

/*
 * The toaster as the first page sees it: the toast store and its machinery (./toaster, Zag's toast) are fetched
 * with the first toast, not with /signin (docs/decisions/0026-signin-loads-only-sign-in.md). Toasts asked for
 * meanwhile are shown in order once it is here, a few milliseconds later.
 */

let toasterHere = false;
const arrivals = new Set<() => void>();

/** ./toaster says it is loaded (whoever imported it): the slot below mounts its region. */
export function toasterArrived(): void {
  toasterHere = true;
  for (const arrived of arrivals) arrived();
}

let loading: Promise<typeof ToasterModule> | undefined;

/** Shows one toast (see ./toaster's showToast), once the toaster is here. */
export function showToast(options: ToastOptions): void {
  loading ??= import('./toaster');
  void loading.then((toaster) => toaster.showToast(options));
}

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Where toasts appear: nothing until the first toast brings the toaster. */
export function ToasterSlot() {
  const [here, setHere] = useState(toasterHere);
  useEffect(() => {
    if (here) return;
    const arrived = () => setHere(true);
    arrivals.add(arrived);
    if (toasterHere) arrived();
    return () => {
      arrivals.delete(arrived);
    };
  }, [here]);
  return here ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
