import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { inspectOptions } from '../../machines/inspect';
import { importMachine, type ImportInput } from '../../machines/cv-data/import-machine';
import type { ImportedCv } from '../../cv-data/json-resume';
import { ImportDialog } from './import-dialog';

export interface ImportFlowProps {
  input: ImportInput;
  onApply: (imported: ImportedCv, templateId?: number) => void;
  onClosed: () => void;
}

/** One import: its machine, given what applying does where it was opened, and its dialog. Loaded on first use. */
export default function ImportFlow({ input, onApply, onClosed }: ImportFlowProps) {
  const [logic] = useState(() =>
    importMachine.provide({
      actions: { applyImport: (_, params) => onApply(params.imported, params.templateId) },
    }),
  );
  const actor = useActorRef(logic, { ...inspectOptions, input });
  const done = useSelector(actor, (snapshot) => snapshot.status === 'done');
  useEffect(() => {
    if (done) onClosed();
  }, [done, onClosed]);
  return <ImportDialog actor={actor} />;
}
