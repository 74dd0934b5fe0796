import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { contactMachine } from '../machines/contact-machine';
import { inspectOptions } from '../machines/inspect';
import { ContactView } from '../ui/contact-view';

export const Route = createLazyRoute('/contact')({ component: ContactPage });

function ContactPage() {
  const actor = useActorRef(contactMachine, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  return <ContactView snapshot={snapshot} />;
}
