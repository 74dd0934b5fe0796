import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { getSupportContact, type SupportContact } from '../api/support';
import { apiClient } from '../api/client';
import { contactMachine } from '../machines/contact-machine';
import { inspectOptions } from '../machines/inspect';
import { ContactView } from '../ui/contact-view';

export const Route = createLazyRoute('/contact')({ component: ContactPage });

function ContactPage() {
  const [logic] = useState(() =>
    contactMachine.provide({
      actors: {
        loadSupportContact: fromPromise<SupportContact>(({ signal }) => getSupportContact(apiClient, { signal })),
      },
    }),
  );
  const actor = useActorRef(logic, inspectOptions);
  const snapshot = useSelector(actor, (state) => state);
  return <ContactView snapshot={snapshot} />;
}
