import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { inspectOptions } from '../machines/inspect';
import { templatesListMachine } from '../machines/templates-list-machine';
import { TemplatesScreen } from '../ui/templates/templates-screen';

export const Route = createLazyRoute('/_authenticated/')({ component: TemplatesPage });

function TemplatesPage() {
  const actor = useActorRef(templatesListMachine, inspectOptions);
  return <TemplatesScreen actor={actor} />;
}
