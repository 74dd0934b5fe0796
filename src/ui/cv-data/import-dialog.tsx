import {
  Alert,
  Button,
  Dialog,
  Field,
  HStack,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { describeFlagged, describeImport } from '../../cv-data/import-summary';
import { useT } from '../../i18n/i18n';
import { IMPORT_BUSY_TAG, type ImportActor } from '../../machines/cv-data/import-machine';
import { msg } from '../../../rules/languages';
import { ImportReview } from './import-review';

export const IMPORT_DIALOG_TITLE = msg('Import a CV');
export const REPLACE_WARNING = msg(
  'Importing replaces what this CV shows now. Its unsaved changes go; Undo brings them back.',
);

/**
 * The import dialog: a .json file or pasted JSON, the template it goes into (on the templates screen),
 * what is wrong with it or a summary of what goes where, then Import (and, over work on screen, Replace).
 */
export function ImportDialog({ actor }: { actor: ImportActor }) {
  const { t } = useT();
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag(IMPORT_BUSY_TAG));
  const { error, summary, source, templates, templateId, rows } = useSelector(
    actor,
    (snapshot) => snapshot.context,
  );
  const open = useSelector(actor, (snapshot) => snapshot.status === 'active');
  const [pasted, setPasted] = useState('');
  const confirming = state === 'confirming';
  const reviewing = state === 'reviewing';
  const flagged = summary && describeFlagged(summary, t);

  return (
    <Dialog.Root
      open={open}
      placement="center"
      size="lg"
      initialFocusEl={() => document.getElementById('import-file-input')}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'import.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(IMPORT_DIALOG_TITLE)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  {t(
                    'Choose a PDF or Word file of your CV, or a JSON Resume file (.json, from jsonresume.org or exported from here), or paste its text.',
                  )}
                </Dialog.Description>
                {templates.length > 0 && (
                  <Field.Root>
                    <Field.Label htmlFor="import-template">{t('Template')}</Field.Label>
                    <NativeSelect.Root disabled={busy || confirming}>
                      <NativeSelect.Field
                        id="import-template"
                        value={templateId ?? ''}
                        onChange={(event) =>
                          actor.send({
                            type: 'import.template',
                            templateId: Number(event.currentTarget.value),
                          })
                        }
                      >
                        {templates.map((template) => (
                          <option key={template.id} value={template.id}>
                            {t(template.name)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                )}
                <Field.Root>
                  <Field.Label htmlFor="import-document-input">{t('PDF or Word file')}</Field.Label>
                  <input
                    id="import-document-input"
                    type="file"
                    accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                    disabled={busy || confirming}
                    style={{ minHeight: '44px' }}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) actor.send({ type: 'import.document', file });
                      event.currentTarget.value = '';
                    }}
                  />
                  <Field.HelperText>
                    {t('Up to 10 MB. You check what was found before anything is imported.')}
                  </Field.HelperText>
                </Field.Root>
                <Field.Root>
                  <Field.Label htmlFor="import-file-input">{t('JSON Resume file')}</Field.Label>
                  <input
                    id="import-file-input"
                    type="file"
                    accept=".json,application/json"
                    disabled={busy || confirming}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) actor.send({ type: 'import.file', file });
                      event.currentTarget.value = '';
                    }}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label htmlFor="import-paste">{t('Or paste JSON')}</Field.Label>
                  <Textarea
                    id="import-paste"
                    rows={5}
                    fontFamily="mono"
                    fontSize="sm"
                    value={pasted}
                    readOnly={busy || confirming}
                    onChange={(event) => setPasted(event.currentTarget.value)}
                  />
                  <Button
                    mt="2"
                    size="sm"
                    variant="outline"
                    disabled={busy || confirming || pasted.trim() === ''}
                    onClick={() => actor.send({ type: 'import.paste', text: pasted })}
                  >
                    {t('Read pasted JSON')}
                  </Button>
                </Field.Root>
                {reviewing && rows && <ImportReview actor={actor} rows={rows} source={source} />}
                <div role="status" aria-live="polite">
                  {busy && (
                    <HStack gap="2">
                      <Spinner size="sm" />
                      <Text>
                        {source === undefined
                          ? t('Reading the pasted text...')
                          : t('Reading {source}...', { source })}
                      </Text>
                    </HStack>
                  )}
                  {!busy && summary && (state === 'previewing' || confirming) && (
                    <Stack gap="2">
                      <Alert.Root status="success" variant="subtle" data-testid="import-summary">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{source ?? t('Pasted JSON')}</Alert.Title>
                          <Alert.Description>{describeImport(summary, t)}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                      {flagged && (
                        <Alert.Root status="warning" variant="subtle" data-testid="import-flagged">
                          <Alert.Indicator />
                          <Alert.Content>
                            <Alert.Title>{flagged}</Alert.Title>
                            <Alert.Description>
                              {t(
                                'They are kept as written and marked at their fields: put them right there before saving.',
                              )}
                            </Alert.Description>
                          </Alert.Content>
                        </Alert.Root>
                      )}
                    </Stack>
                  )}
                </div>
                <div role="alert">
                  {error && state === 'failed' && (
                    <Alert.Root status="error" variant="subtle" data-testid="import-error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{t('Nothing was imported')}</Alert.Title>
                        <Alert.Description>{t(error)}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {confirming && (
                    <Alert.Root status="warning" variant="subtle">
                      <Alert.Indicator />
                      <Alert.Description>{t(REPLACE_WARNING)}</Alert.Description>
                    </Alert.Root>
                  )}
                </div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={() => actor.send(confirming ? { type: 'import.back' } : { type: 'import.cancel' })}
              >
                {confirming ? t('Back') : t('Cancel')}
              </Button>
              {confirming ? (
                <Button colorPalette="orange" onClick={() => actor.send({ type: 'import.confirm' })}>
                  {t('Replace')}
                </Button>
              ) : reviewing ? (
                <Button onClick={() => actor.send({ type: 'import.review.done' })}>{t('Continue')}</Button>
              ) : (
                <Button
                  disabled={state !== 'previewing'}
                  onClick={() => actor.send({ type: 'import.apply' })}
                >
                  {t('Import')}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
