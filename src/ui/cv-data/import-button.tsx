import { Button } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { ImportFlowProps } from './import-flow';

const ImportFlow = lazy(() => import('./import-flow'));

/**
 * 'Import': opens the import dialog. The flow, the schema and the mapping load on the first click, so the
 * pages that show the button (and /signin) carry none of them.
 */
export function ImportButton({
  input,
  onApply,
  size = 'sm',
}: Omit<ImportFlowProps, 'onClosed' | 'input'> & {
  input: () => ImportFlowProps['input'];
  size?: 'sm' | 'md';
}) {
  const { t } = useT();
  const [open, setOpen] = useState<ImportFlowProps['input']>();
  const close = useCallback(() => setOpen(undefined), []);
  return (
    <>
      <Button id="import-button" variant="outline" size={size} minH="11" onClick={() => setOpen(input())}>
        <Upload /> {t('Import')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportFlow input={open} onApply={onApply} onClosed={close} />
        </Suspense>
      )}
    </>
  );
}
