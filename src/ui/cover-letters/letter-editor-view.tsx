import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Dialog,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  NativeSelect,
  Portal,
  SegmentGroup,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Save, TriangleAlert } from 'lucide-react';
import type { CoverLetterTextField } from '../../api/cover-letters';
import { MAX_LETTER_FIELD_LENGTH, MAX_LETTER_NAME_LENGTH, letterFieldLabel } from '../../cv/cover-letter';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import type { PreviewViewActor } from '../../machines/builder/preview-view-machine';
import { phoneViewOf, zoomOf } from '../../machines/builder/preview-view-machine';
import type { LetterDeliveryActor } from '../../machines/cover-letters/letter-delivery-machine';
import {
  LETTER_CHANGED_ELSEWHERE,
  type LetterEditorActor,
} from '../../machines/cover-letters/letter-editor-machine';
import {
  LETTER_PREVIEW_LOADING_TAG,
  type LetterPreviewActor,
  type LetterPreviewMode,
} from '../../machines/cover-letters/letter-preview-machine';
import { PagedPreview } from '../builder/paged-preview';
import { PdfViewer } from '../builder/preview-pane';
import { RichTextEditor } from '../builder/rich-text-editor';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';
// The builder's words (src/ui/builder/builder-view.tsx), said here without loading the builder.
const UNSAVED_CHANGES_TEXT = msg('Unsaved changes');
import { LetterActions } from './letter-actions';

export const LETTER_SAVE_BUTTON_ID = 'letter-save-button';
const MODES: { value: LetterPreviewMode; label: string }[] = [
  { value: 'html', label: 'HTML' },
  { value: 'pdf', label: 'PDF' },
];
const SAME_AS_CV = '';
const NO_CV = '';

/** The letter editor: the letter's form beside its live preview, Save, and once saved its downloads. */
export function LetterEditorView({ editor }: { editor: LetterEditorActor }) {
  const { t } = useT();
  const loading = useSelector(
    editor,
    (snapshot) => snapshot.matches('loading') || snapshot.matches('takingOver'),
  );
  const failed = useSelector(editor, (snapshot) => snapshot.matches('failed'));
  const elsewhere = useSelector(editor, (snapshot) => snapshot.matches('elsewhere'));
  const loadError = useSelector(editor, (snapshot) => snapshot.context.loadError);

  if (loading)
    return (
      <Center h="full" py="20" role="status">
        <Stack align="center">
          <Spinner size="lg" />
          <Text color="fg.muted">{t('Loading cover letter...')}</Text>
        </Stack>
      </Center>
    );
  if (failed)
    return (
      <Center py="20" px="4">
        <Stack align="center" gap="4" role="alert" textAlign="center" maxW="md">
          <TriangleAlert size={32} />
          <Text>{loadError && t(loadError)}</Text>
          <HStack>
            <Button minH="11" onClick={() => editor.send({ type: 'letter.retry' })}>
              {t('Try again')}
            </Button>
            <Button asChild variant="outline" minH="11">
              <Link to="/cv-management">{t('Back to CV Management')}</Link>
            </Button>
          </HStack>
        </Stack>
      </Center>
    );
  if (elsewhere)
    return (
      <Center py="20" px="4">
        <Alert.Root status="info" maxW="lg" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('This cover letter is open in another tab.')}</Alert.Title>
            <Alert.Description>
              {t('Edit it there, or here instead: the other tab keeps what it has and stops editing.')}
            </Alert.Description>
          </Alert.Content>
          <Button minH="11" onClick={() => editor.send({ type: 'lock.takeOver' })}>
            {t('Edit here instead')}
          </Button>
        </Alert.Root>
      </Center>
    );
  return <Editing editor={editor} />;
}

function Editing({ editor }: { editor: LetterEditorActor }) {
  const view = useSelector(editor, (snapshot) => snapshot.children.view as PreviewViewActor | undefined);
  const phoneView = useSelector(view, phoneViewOf);
  const { t } = useT();
  return (
    <Flex direction="column" h={{ md: '100dvh' }} minH="0">
      <Header editor={editor} />
      <Box hideFrom="md" px="4" pt="3">
        <SegmentGroup.Root
          size="lg"
          width="full"
          value={phoneView}
          aria-label={t('Show')}
          onValueChange={(details) =>
            details.value && view?.send({ type: 'view.show', view: details.value as 'form' | 'preview' })
          }
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            flex="1"
            items={[
              { value: 'form', label: t('Letter') },
              { value: 'preview', label: t('Preview') },
            ]}
          />
        </SegmentGroup.Root>
      </Box>
      <Flex flex="1" minH="0" direction={{ base: 'column', md: 'row' }} position="relative">
        <Box
          flex="1"
          minW="0"
          overflowY={{ md: 'auto' }}
          display={{ base: phoneView === 'form' ? 'block' : 'none', md: 'block' }}
        >
          <LetterForm editor={editor} />
        </Box>
        {/* On a phone showing the form, the preview keeps its layout out of sight (hidden, not removed): the pages
            it lays out are measured, which a frame that is not displayed at all cannot be (as in the builder). */}
        <Box
          flex="1"
          minW="0"
          h={{ base: 'calc(100dvh - 12rem)', md: 'full' }}
          borderStartWidth={{ md: '1px' }}
          {...(phoneView === 'form'
            ? {
                visibility: { base: 'hidden', md: 'visible' },
                position: { base: 'absolute', md: 'static' },
                insetX: { base: '0', md: 'auto' },
                top: { base: '0', md: 'auto' },
                pointerEvents: { base: 'none', md: 'auto' },
              }
            : {})}
        >
          <LetterPreview editor={editor} />
        </Box>
      </Flex>
      <SaveDialog editor={editor} />
      <ConflictDialog editor={editor} />
    </Flex>
  );
}

function Header({ editor }: { editor: LetterEditorActor }) {
  const name = useSelector(editor, (snapshot) => snapshot.context.name);
  const unsaved = useSelector(editor, (snapshot) => snapshot.context.unsaved);
  const saving = useSelector(editor, (snapshot) => snapshot.hasTag(BUSY_TAG));
  const delivery = useSelector(
    editor,
    (snapshot) => snapshot.children.delivery as LetterDeliveryActor | undefined,
  );
  const { t } = useT();
  return (
    <HStack gap="3" px={{ base: '4', md: '6' }} py="3" borderBottomWidth="1px" bg="bg" flexWrap="wrap">
      <HStack gap="3" flex="1 1 16rem" minW="0" align="baseline" flexWrap="wrap">
        <Heading as="h1" size="lg" flexShrink={0}>
          {t('Cover letter')}
        </Heading>
        <Text color="fg.muted" overflowWrap="anywhere" lineClamp={2} data-testid="letter-name">
          {name || t('Untitled cover letter')}
        </Text>
        <Box role="status" aria-live="polite">
          {unsaved && (
            <Badge colorPalette="orange" variant="subtle" size="sm">
              {t(UNSAVED_CHANGES_TEXT)}
            </Badge>
          )}
        </Box>
      </HStack>
      <Button
        id={LETTER_SAVE_BUTTON_ID}
        minH="11"
        loading={saving}
        onClick={() => editor.send({ type: 'save.open' })}
      >
        <Save /> {t('Save')}
      </Button>
      {delivery && <LetterActions actor={delivery} />}
      {delivery && unsaved && (
        <Text textStyle="xs" color="fg.muted" flexBasis="100%" textAlign="end">
          {t('Downloads and email use the letter as last saved.')}
        </Text>
      )}
    </HStack>
  );
}

function TextField({
  editor,
  field,
  multiline = false,
  type = 'text',
  placeholder,
}: {
  editor: LetterEditorActor;
  field: Exclude<CoverLetterTextField, 'body'>;
  multiline?: boolean;
  type?: 'text' | 'date';
  placeholder?: string;
}) {
  const value = useSelector(editor, (snapshot) => snapshot.context.fields[field]);
  const id = `letter-${field}`;
  const onChange = (next: string) => editor.send({ type: 'field.change', field, value: next });
  const { t } = useT();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{t(letterFieldLabel(field))}</Field.Label>
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          rows={3}
          maxLength={MAX_LETTER_FIELD_LENGTH}
          placeholder={placeholder}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <Input
          id={id}
          type={type}
          minH="11"
          value={value}
          maxLength={MAX_LETTER_FIELD_LENGTH}
          placeholder={placeholder}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field.Root>
  );
}

function LetterForm({ editor }: { editor: LetterEditorActor }) {
  const cvs = useSelector(editor, (snapshot) => snapshot.context.cvs);
  const templates = useSelector(editor, (snapshot) => snapshot.context.templates);
  const cv = useSelector(editor, (snapshot) => snapshot.context.fields.cv);
  const template = useSelector(editor, (snapshot) => snapshot.context.fields.template);
  const body = useSelector(editor, (snapshot) => snapshot.context.fields.body);
  const { t } = useT();
  return (
    <Stack
      gap="5"
      p={{ base: '4', md: '6' }}
      maxW="3xl"
      as="form"
      onSubmit={(event) => event.preventDefault()}
    >
      <Stack as="fieldset" gap="4">
        <Heading as="legend" size="md" mb="3">
          {t('Look')}
        </Heading>
        <Field.Root>
          <Field.Label htmlFor="letter-cv">{t('CV')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              id="letter-cv"
              value={cv === null ? NO_CV : String(cv)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                editor.send({ type: 'letter.relink', cv: value === NO_CV ? null : Number(value) });
              }}
            >
              <option value={NO_CV}>{t('No CV (a letter on its own)')}</option>
              {cv !== null && !cvs.some((item) => item.id === cv) && (
                <option value={String(cv)}>{t('The CV this letter was written from')}</option>
              )}
              {cvs.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name || t('Untitled CV')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('The letter takes its CV’s header, colours and fonts.')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="letter-template">{t('Template')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              id="letter-template"
              value={template === null ? SAME_AS_CV : String(template)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                editor.send({
                  type: 'letter.template',
                  template: value === SAME_AS_CV ? null : Number(value),
                });
              }}
            >
              <option value={SAME_AS_CV}>{t('Same as the CV')}</option>
              {templates.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {t(item.name)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
      <Stack as="fieldset" gap="4">
        <Heading as="legend" size="md" mb="3">
          {t('Recipient')}
        </Heading>
        <TextField editor={editor} field="recipient_name" placeholder={t('e.g., Jane Roe')} />
        <TextField editor={editor} field="company" placeholder={t('e.g., Acme Ltd')} />
        <TextField editor={editor} field="address" multiline />
      </Stack>
      <Stack as="fieldset" gap="4">
        <Heading as="legend" size="md" mb="3">
          {t('Letter')}
        </Heading>
        <TextField editor={editor} field="date" type="date" />
        <TextField
          editor={editor}
          field="subject"
          placeholder={t('e.g., Application for Analyst Programmer')}
        />
        <TextField editor={editor} field="salutation" placeholder={t('e.g., Dear Ms Roe,')} />
        <Field.Root>
          <Field.Label htmlFor="letter-body" onClick={() => document.getElementById('letter-body')?.focus()}>
            {t(letterFieldLabel('body'))}
          </Field.Label>
          <RichTextEditor
            id="letter-body"
            label={t(letterFieldLabel('body'))}
            value={body}
            onValueChange={(html) => editor.send({ type: 'field.change', field: 'body', value: html })}
          />
        </Field.Root>
        <TextField editor={editor} field="closing" />
        <TextField editor={editor} field="signature_name" />
      </Stack>
    </Stack>
  );
}

function LetterPreview({ editor }: { editor: LetterEditorActor }) {
  const preview = useSelector(
    editor,
    (snapshot) => snapshot.children.preview as LetterPreviewActor | undefined,
  );
  const view = useSelector(editor, (snapshot) => snapshot.children.view as PreviewViewActor | undefined);
  const zoom = useSelector(view, zoomOf);
  const mode = useSelector(preview, (snapshot) => snapshot?.context.mode ?? 'html');
  const result = useSelector(preview, (snapshot) => snapshot?.context.result);
  const failed = useSelector(preview, (snapshot) => snapshot?.matches('failed') ?? false);
  const error = useSelector(preview, (snapshot) => snapshot?.context.error);
  const waiting = useSelector(preview, (snapshot) => snapshot?.hasTag(LETTER_PREVIEW_LOADING_TAG) ?? false);
  const { t } = useT();
  return (
    <Flex direction="column" h="full" minH="0" bg="bg.subtle" role="region" aria-label={t('Letter preview')}>
      <HStack px="4" py="3" gap="3" borderBottomWidth="1px" bg="bg">
        <Heading as="h2" size="md" flex="1">
          {t('Preview')}
        </Heading>
        {waiting && <Spinner size="sm" role="status" aria-label={t('Generating preview...')} />}
        <SegmentGroup.Root
          size={{ base: 'lg', md: 'sm' }}
          value={mode}
          aria-label={t('Preview format')}
          onValueChange={(details) => {
            if (details.value)
              preview?.send({ type: 'mode.switch', mode: details.value as LetterPreviewMode });
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={MODES} />
        </SegmentGroup.Root>
      </HStack>
      <Box flex="1" minH="0" aria-busy={waiting}>
        {failed ? (
          <Center h="full" p="6">
            <Stack align="center" gap="3" role="alert" textAlign="center">
              <Text>{error && t(error)}</Text>
              <Button minH="11" size="sm" onClick={() => preview?.send({ type: 'preview.retry' })}>
                {t('Try Again')}
              </Button>
            </Stack>
          </Center>
        ) : !result ? (
          <Center h="full" role="status">
            <Stack align="center">
              <Spinner />
              <Text color="fg.muted" textStyle="sm">
                {t('Generating preview...')}
              </Text>
            </Stack>
          </Center>
        ) : result.kind === 'html' ? (
          <PagedPreview
            html={result.html}
            zoom={zoom}
            onZoom={(next) => view?.send({ type: 'zoom.set', zoom: next })}
          />
        ) : (
          <PdfViewer pdf={result.pdf} title={t('Cover letter preview (PDF)')} />
        )}
      </Box>
    </Flex>
  );
}

function SaveDialog({ editor }: { editor: LetterEditorActor }) {
  const open = useSelector(
    editor,
    (snapshot) =>
      snapshot.matches({ editing: { saving: 'naming' } }) ||
      snapshot.matches({ editing: { saving: 'sending' } }),
  );
  const saving = useSelector(editor, (snapshot) => snapshot.matches({ editing: { saving: 'sending' } }));
  const name = useSelector(editor, (snapshot) => snapshot.context.saveName);
  const problem = useSelector(editor, (snapshot) => snapshot.context.saveProblem);
  const { t } = useT();
  return (
    <Dialog.Root
      open={open}
      placement="center"
      initialFocusEl={() => document.getElementById('letter-name-input')}
      finalFocusEl={() => document.getElementById(LETTER_SAVE_BUTTON_ID)}
      onOpenChange={(details) => {
        if (!details.open && !saving) editor.send({ type: 'save.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                editor.send({ type: 'save.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('Save cover letter')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description mb="4">
                  {t('Enter a name to find this letter again later.')}
                </Dialog.Description>
                <Field.Root invalid={problem !== undefined}>
                  <Field.Label htmlFor="letter-name-input">{t('Letter name')}</Field.Label>
                  <Input
                    id="letter-name-input"
                    value={name}
                    minH="11"
                    maxLength={MAX_LETTER_NAME_LENGTH}
                    readOnly={saving}
                    onChange={(event) =>
                      editor.send({ type: 'save.nameChange', name: event.currentTarget.value })
                    }
                  />
                  {problem && <Field.ErrorText>{t(problem)}</Field.ErrorText>}
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  type="button"
                  variant="outline"
                  minH="11"
                  aria-disabled={saving || undefined}
                  onClick={() => editor.send({ type: 'save.cancel' })}
                >
                  {t('Cancel')}
                </Button>
                <Button type="submit" minH="11" loading={saving}>
                  {t('Save')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ConflictDialog({ editor }: { editor: LetterEditorActor }) {
  const open = useSelector(editor, (snapshot) => snapshot.matches({ editing: { saving: 'conflict' } }));
  const { t } = useT();
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) editor.send({ type: 'save.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t(LETTER_CHANGED_ELSEWHERE)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {t(
                  'Reload to see the saved letter (your changes here are dropped), or overwrite it with yours.',
                )}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" minH="11" onClick={() => editor.send({ type: 'save.cancel' })}>
                {t('Cancel')}
              </Button>
              <Button variant="outline" minH="11" onClick={() => editor.send({ type: 'save.reload' })}>
                {t('Reload')}
              </Button>
              <Button colorPalette="red" minH="11" onClick={() => editor.send({ type: 'save.overwrite' })}>
                {t('Overwrite')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
