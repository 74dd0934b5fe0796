import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Dialog,
  Flex,
  HStack,
  Heading,
  IconButton,
  Menu,
  Portal,
  SegmentGroup,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, FilePen, Plus, Redo2, Save, Undo2 } from 'lucide-react';
import { READING_ARROW } from '../reading-arrow';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { CvLanguageContext } from './cv-language';
import { msg } from '../../../rules/languages';
import { useToastClearance, useToastClearanceOfMenu } from '../toast-clearance';
import { PREVIEW_PANE_MIN_WIDTH_PX } from '../../config/constants';
import {
  LOAD_FAILED_NOTICE,
  OPEN_IN_ANOTHER_TAB_TEXT,
  saveWaitsForASection,
  type BuilderActor,
} from '../../machines/builder/builder-machine';
import { isFormDataEmpty, stashSummary } from '../../cv/form-data';
import {
  NEW_CUSTOM_SECTION_TITLE,
  customSectionTitle,
  sectionOrder,
  sectionTitle,
  templateRef,
  type SectionItem,
} from '../../cv/layout';
import { ConfirmDialog } from '../confirm-dialog';
import { CustomSectionCard, customDeleteId } from './custom-section-card';
import { useReturnFocus } from '../return-focus';
import { DeliveryActions, EmailConfirmDialog } from './download-menu';
import { ImportButton } from '../cv-data/import-button';
import { CV_CHANGED_ELSEWHERE } from '../../../rules/cv';
import { PreviewPane } from './preview-pane';
import {
  phoneViewOf,
  type PhoneView,
  type PreviewViewActor,
} from '../../machines/builder/preview-view-machine';
import { SAVE_BUTTON_ID, SaveDialog } from './save-dialog';
import { SectionCard } from './section-card';
import { SortableList } from './sortable-list';
import { VersionsButton, VersionsDialog } from '../versions/versions-dialog';
import { ShareButton } from '../sharing/share-button';

export const BUILDER_INFO_TEXT = msg(
  'Complete each section to build your CV. You can expand any section at any time, but we recommend completing them in order.',
);
export const UNSAVED_CHANGES_TEXT = msg('Unsaved changes');

/** Room kept below a field being typed in, so the sticky save bar never covers it. */
const SAVE_BAR_ROOM = '7rem';

/** 'Add Custom Section': the focus lands here when a section of the CV's own is deleted. */
const ADD_CUSTOM_SECTION_ID = 'add-custom-section';

/** A section of the CV's own by its title, or the interface's words for 'Custom Section' while it has none. */
function customHeading(section: { title: string }, t: ReturnType<typeof useT>['t']): string {
  return section.title.trim() === '' ? t(NEW_CUSTOM_SECTION_TITLE) : customSectionTitle(section);
}

/**
 * The section cards: the personal details first, then the CV's own order, which the person changes by dragging a
 * card's handle or with the keyboard, and 'Add Custom Section'.
 */
function Sections({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const forms = useSelector(builder, (snapshot) => snapshot.context.sectionForms);
  const sections = useSelector(builder, (snapshot) => snapshot.context.template?.sections ?? []);
  const layout = useSelector(builder, (snapshot) => snapshot.context.layout);
  const cvLanguage = useSelector(builder, (snapshot) => snapshot.context.design.language);
  const canAdd = useSelector(builder, (snapshot) => snapshot.can({ type: 'custom.add' }));
  const items = sectionOrder(sections, layout);
  // A heading the person wrote is theirs as written; a template's name for a section is said in the interface's
  // words.
  const labelOf = (item: SectionItem) =>
    item.kind === 'custom'
      ? customHeading(layout.custom_sections.find((section) => section.key === item.key) ?? { title: '' }, t)
      : sectionTitle(layout, item.ref, t(sections[item.sectionIndex]?.name ?? ''));
  const first = forms[0];
  return (
    <CvLanguageContext.Provider value={cvLanguage}>
      <Stack gap="3">
        {first && <SectionCard key={first.id} builder={builder} form={first} sectionIndex={0} position={1} />}
        <SortableList
          items={items}
          idOf={(item) => item.ref}
          labelOf={labelOf}
          noun="sections"
          before={1}
          onMove={(ref, toIndex) => builder.send({ type: 'layout.moveSection', ref, toIndex })}
        >
          {(item, handle, index) => (
            <Box pb="3">
              {item.kind === 'custom' ? (
                <CustomSectionCard
                  builder={builder}
                  sectionKey={item.key}
                  handle={handle}
                  position={index + 2}
                />
              ) : (
                forms[item.sectionIndex] && (
                  <SectionCard
                    builder={builder}
                    form={forms[item.sectionIndex]!}
                    sectionIndex={item.sectionIndex}
                    position={index + 2}
                    layoutRef={templateRef(sections[item.sectionIndex]!)}
                    handle={templateRef(sections[item.sectionIndex]!) ? handle : undefined}
                  />
                )
              )}
            </Box>
          )}
        </SortableList>
        <Button
          id={ADD_CUSTOM_SECTION_ID}
          variant="outline"
          alignSelf="flex-start"
          disabled={!canAdd}
          onClick={() => builder.send({ type: 'custom.add' })}
        >
          <Plus /> {t('Add Custom Section')}
        </Button>
        <RemoveCustomSectionDialog builder={builder} />
      </Stack>
    </CvLanguageContext.Provider>
  );
}

function RemoveCustomSectionDialog({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const removing = useSelector(builder, (snapshot) =>
    snapshot.matches({ ready: { removal: 'confirming' } })
      ? snapshot.context.layout.custom_sections.find(
          (section) => section.key === snapshot.context.removingCustom,
        )
      : undefined,
  );
  // The focus goes back to the section's delete button when it stays, else to 'Add Custom Section'.
  const asked = useRef<string>(undefined);
  if (removing) asked.current = removing.key;
  const stays = useSelector(builder, (snapshot) =>
    snapshot.context.layout.custom_sections.some((section) => section.key === asked.current),
  );
  useReturnFocus(
    removing !== undefined,
    stays && asked.current ? customDeleteId(asked.current) : ADD_CUSTOM_SECTION_ID,
  );
  return (
    <ConfirmDialog
      open={removing !== undefined}
      title={t('Delete section?')}
      subject={customHeading(removing ?? { title: '' }, t)}
      description={t(
        'The section and its entries leave this CV. You can undo this with Ctrl+Z (⌘Z on a Mac).',
      )}
      confirmLabel={t('Delete')}
      destructive
      onConfirm={() => builder.send({ type: 'custom.removeConfirm' })}
      onCancel={() => builder.send({ type: 'custom.removeCancel' })}
    />
  );
}

/**
 * Undo and redo, with Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y anywhere in the builder but the rich-text
 * editor, which undoes its own typing first.
 */
function HistoryButtons({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const canUndo = useSelector(builder, (snapshot) => snapshot.can({ type: 'history.undo' }));
  const canRedo = useSelector(builder, (snapshot) => snapshot.can({ type: 'history.redo' }));
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if ((event.target as HTMLElement | null)?.closest?.('[contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      const type =
        key === 'z'
          ? event.shiftKey
            ? 'history.redo'
            : 'history.undo'
          : key === 'y'
            ? 'history.redo'
            : undefined;
      if (!type) return;
      event.preventDefault();
      builder.send({ type });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [builder]);
  return (
    <HStack gap="0" flexShrink={0}>
      {/* aria-disabled, not disabled: the button keeps the focus when the last step is undone (or redone). */}
      <IconButton
        size={{ base: 'lg', md: 'sm' }}
        variant="ghost"
        aria-label={t('Undo')}
        title={t('Undo (Ctrl+Z)')}
        aria-keyshortcuts="Control+Z Meta+Z"
        aria-disabled={!canUndo}
        onClick={() => builder.send({ type: 'history.undo' })}
      >
        <Undo2 className={READING_ARROW} />
      </IconButton>
      <IconButton
        size={{ base: 'lg', md: 'sm' }}
        variant="ghost"
        aria-label={t('Redo')}
        title={t('Redo (Ctrl+Shift+Z)')}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        aria-disabled={!canRedo}
        onClick={() => builder.send({ type: 'history.redo' })}
      >
        <Redo2 className={READING_ARROW} />
      </IconButton>
    </HStack>
  );
}

function UnsavedBadge({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const unsaved = useSelector(builder, (snapshot) => snapshot.context.unsaved);
  return (
    <Box role="status" aria-live="polite" flexShrink={0}>
      {unsaved && (
        <Badge colorPalette="orange" variant="subtle" size="sm">
          {t(UNSAVED_CHANGES_TEXT)}
        </Badge>
      )}
    </Box>
  );
}

/** 'Import': a JSON Resume into this CV's template; over values on screen it asks first. */
function BuilderImport({ builder }: { builder: BuilderActor }) {
  return (
    <ImportButton
      input={() => {
        const { cv, template, formData, layout, unsaved } = builder.getSnapshot().context;
        const saved = cv.id !== undefined || cv.uuid !== undefined;
        return {
          templateId: cv.template,
          sections: template?.sections ?? [],
          // What only the account filled into a new CV is nobody's work to lose: no question for it.
          replacesWork:
            (saved || unsaved) && (!isFormDataEmpty(formData) || layout.custom_sections.length > 0),
        };
      }}
      onApply={(imported) =>
        builder.send({
          type: 'cv.import',
          formData: imported.formData,
          layout: imported.layout,
          ...(imported.photo !== undefined ? { photo: imported.photo } : {}),
        })
      }
    />
  );
}

function Header({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const name = useSelector(builder, (snapshot) => snapshot.context.cv.name);
  return (
    <HStack gap="3" px={{ base: '4', md: '6' }} py="3" borderBottomWidth="1px" bg="bg" flexWrap="wrap">
      {/* The title takes the room left beside the buttons, but never less than 16rem: with less, the buttons wrap
          onto their own line (with a plain flex: 1 the title shrank to a few pixels and a long CV name stacked its
          letters down the page, over the first section). */}
      <HStack gap="3" flex="1 1 16rem" minW="0" align="baseline" flexWrap="wrap">
        {/* On a phone the app bar already says 'CV Builder': the heading stays for screen readers only. */}
        <Heading as="h1" size="lg" flexShrink={0} hideBelow="md">
          {/* i18n-ignore: the product's own name */}
          CV Builder
        </Heading>
        <VisuallyHidden asChild hideFrom="md">
          {/* i18n-ignore: the product's own name */}
          <h1>CV Builder</h1>
        </VisuallyHidden>
        {/* Never narrower than a short word: a crowded header wraps the name to its own line instead of stacking
            its letters (found by trying it at 1280 px). */}
        {/* At most two lines (a long name took four and left the form little room); the whole name is its title
            and stays in the page's text for screen readers. */}
        <Text
          color="fg.muted"
          overflowWrap="anywhere"
          minW="min(12ch, 100%)"
          maxW="100%"
          lineClamp={2}
          title={name || undefined}
          data-testid="cv-name"
        >
          {name || t('Untitled CV')}
        </Text>
        <UnsavedBadge builder={builder} />
      </HStack>
      <HistoryButtons builder={builder} />
      <BuilderImport builder={builder} />
      <VersionsButton builder={builder} />
      <VersionsDialog builder={builder} />
      <ShareButton
        opening={() => {
          const { cv, unsaved } = builder.getSnapshot().context;
          return { cv: cv.uuid ?? cv.id, cvName: cv.name, unsaved };
        }}
      />
      <NewCoverLetter builder={builder} />
      <Box hideBelow="md">
        <DeliveryActions builder={builder} />
      </Box>
    </HStack>
  );
}

/** [extension] 'New cover letter' from a saved CV: the letter starts linked to it and takes its look. */
function NewCoverLetter({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const cvId = useSelector(builder, (snapshot) => snapshot.context.cv.id);
  // Rendered without a router (the view's own tests), there is nowhere to go.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null;
  if (cvId === undefined || !router) return null;
  return (
    // An icon beside Versions and Share: the header has no room for one more word on a laptop.
    <IconButton asChild variant="outline" size={{ base: 'lg', md: 'sm' }} minH="11" minW="11">
      <Link
        to="/cover-letters/new"
        search={{ cv: cvId }}
        aria-label={t('New cover letter')}
        title={t('New cover letter')}
      >
        <FilePen />
      </Link>
    </IconButton>
  );
}

/** Values the current template has no place for: they are kept, and the person is told where they went. */
function StashNotice({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const hidden = useSelector(builder, (snapshot) =>
    stashSummary(snapshot.context.stash, snapshot.context.template?.sections ?? []).join(', '),
  );
  if (!hidden) return null;
  return (
    <Alert.Root status="neutral" variant="surface" data-testid="stash-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {t(
            'Not shown in this template: {hidden}. They are kept and come back when you switch to a template that has them.',
            { hidden },
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Ctrl/⌘+S saves and Ctrl/⌘+Shift+S is 'Save as…', anywhere in the builder: listened for before the rich text
 * editor or any field sees the keys, and the browser's own 'Save page' never opens.
 */
function useSaveShortcut(builder: BuilderActor) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      builder.send({ type: event.shiftKey ? 'save.as' : 'save.open' });
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [builder]);
}

/** 'Save as…' and 'Rename…' of a saved CV, beside 'Save CV'. */
function MoreSaveOptions({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const canSaveAs = useSelector(builder, (snapshot) => snapshot.can({ type: 'save.as' }));
  const canRename = useSelector(builder, (snapshot) => snapshot.can({ type: 'save.rename' }));
  const existing = useSelector(
    builder,
    (snapshot) => snapshot.context.cv.id !== undefined || snapshot.context.cv.uuid !== undefined,
  );
  // It opens upwards from the Save bar: toasts move above it.
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useToastClearanceOfMenu(trigger, open);
  if (!existing) return null;
  return (
    <Menu.Root
      onOpenChange={(details) => setOpen(details.open)}
      onSelect={(details) => builder.send({ type: details.value === 'copy' ? 'save.as' : 'save.rename' })}
    >
      <Menu.Trigger asChild>
        <IconButton ref={trigger} variant="outline" minH="11" minW="11" aria-label={t('More ways to save')}>
          <ChevronDown />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content ref={menu}>
            <Menu.Item value="copy" minH="11" disabled={!canSaveAs}>
              {t('Save as…')} <Menu.ItemCommand>{t('Ctrl+Shift+S')}</Menu.ItemCommand>
            </Menu.Item>
            <Menu.Item value="rename" minH="11" disabled={!canRename}>
              {t('Rename…')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const SAVE_REASON_ID = 'save-reason';

/** Why Save (and on a new CV Download and Email) are not offered yet, in words a phone shows too (through `t`). */
export function saveReasonText(deliveryWaits: boolean): string {
  return deliveryWaits
    ? msg('Complete a section to save, download or email your CV.')
    : msg('Complete a section to save your CV.');
}

function SaveBar({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const enabled = useSelector(builder, (snapshot) => snapshot.can({ type: 'save.open' }));
  const waits = useSelector(builder, (snapshot) => saveWaitsForASection(snapshot.context));
  const deliveryWaits = useSelector(builder, (snapshot) => !snapshot.can({ type: 'cv.email' }));
  // Said in words, not only as the disabled button's tooltip: a phone shows no tooltip, a keyboard never reaches
  // a disabled button.
  const reason = !enabled && waits ? t(saveReasonText(deliveryWaits)) : undefined;
  // Toasts appear above the bar, never over Save, Download or Email.
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  useSaveShortcut(builder);
  return (
    <Box ref={bar} position="sticky" bottom="0" zIndex="1" py="3" bg="bg" borderTopWidth="1px">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        <HStack gap="2" flex="1">
          <Button
            id={SAVE_BUTTON_ID}
            flex="1"
            minH="11"
            disabled={!enabled}
            title={reason ?? t('Save (Ctrl+S)')}
            aria-describedby={reason ? SAVE_REASON_ID : undefined}
            aria-keyshortcuts="Control+S Meta+S"
            onClick={() => builder.send({ type: 'save.open' })}
          >
            <Save /> {t('Save CV')}
          </Button>
          <MoreSaveOptions builder={builder} />
        </HStack>
        {/* On a phone the header scrolls away: Download and Email stay beside Save. */}
        <Box hideFrom="md">
          <DeliveryActions builder={builder} size="md" inBottomBar />
        </Box>
      </Stack>
      {reason && (
        <Text id={SAVE_REASON_ID} fontSize="sm" color="fg.muted" pt="2" data-testid="save-reason">
          {reason}
        </Text>
      )}
    </Box>
  );
}

/** 'This CV was changed elsewhere.': reload the other copy, or save this one over it. */
function ConflictDialog({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const open = useSelector(builder, (snapshot) => snapshot.matches({ ready: { saving: 'conflict' } }));
  useReturnFocus(open, SAVE_BUTTON_ID);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      finalFocusEl={() => document.getElementById(SAVE_BUTTON_ID)}
      onOpenChange={(details) => {
        if (!details.open) builder.send({ type: 'save.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t(CV_CHANGED_ELSEWHERE)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {t(
                  'Someone saved this CV on another device or tab after you started editing it. Reload to see their version (your unsaved changes here are discarded), or overwrite it with yours.',
                )}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => builder.send({ type: 'save.cancel' })}>
                {t('Cancel')}
              </Button>
              <Button variant="outline" onClick={() => builder.send({ type: 'save.reload' })}>
                {t('Reload')}
              </Button>
              <Button colorPalette="red" onClick={() => builder.send({ type: 'save.overwrite' })}>
                {t('Overwrite')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const PHONE_VIEWS: { value: PhoneView; label: string }[] = [
  { value: 'form', label: msg('Form') },
  { value: 'preview', label: msg('Preview') },
];

/**
 * Below the laptop layout the form and the preview do not fit side by side: one fills the screen, and this switch
 * flips between them (arrow keys move it, as in any radio group). Both stay mounted, so nothing typed or opened is
 * lost; the form comes back where it was scrolled to.
 */
function PhoneViewSwitch({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const view = useSelector(builder, (snapshot) => snapshot.children.view as PreviewViewActor | undefined);
  const shown = useSelector(view, phoneViewOf);
  const formScroll = useRef(0);
  useEffect(() => {
    if (shown === 'form') window.scrollTo({ top: formScroll.current });
    else window.scrollTo({ top: 0 });
  }, [shown]);
  return (
    <Box
      hideFrom="lg"
      position="sticky"
      top={{ base: '14', md: '0' }}
      zIndex="2"
      bg="bg"
      px="4"
      py="2"
      borderBottomWidth="1px"
    >
      <SegmentGroup.Root
        size="lg"
        w="full"
        value={shown}
        aria-label={t('Show')}
        onValueChange={(details) => {
          if (!details.value || details.value === shown) return;
          if (shown === 'form') formScroll.current = window.scrollY;
          view?.send({ type: 'view.show', view: details.value as PhoneView });
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={PHONE_VIEWS.map((item) => ({ ...item, label: t(item.label) }))} flex="1" />
      </SegmentGroup.Root>
    </Box>
  );
}

function Editor({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const view = useSelector(builder, (snapshot) => snapshot.children.view as PreviewViewActor | undefined);
  const shown = useSelector(view, phoneViewOf);
  return (
    <Flex
      direction={{ base: 'column', lg: 'row' }}
      minH={{ lg: '100dvh' }}
      h={{ lg: '100dvh' }}
      position="relative"
    >
      <PhoneViewSwitch builder={builder} />
      <Flex
        direction="column"
        flex="1"
        minW="0"
        minH="0"
        display={{ base: shown === 'form' ? 'flex' : 'none', lg: 'flex' }}
        data-testid="builder-form"
      >
        <Header builder={builder} />
        <Box
          flex="1"
          overflowY={{ lg: 'auto' }}
          px={{ base: '4', md: '6' }}
          pt="4"
          // A field scrolled into view (focus, typing) stops above the sticky save bar.
          scrollPaddingBottom={SAVE_BAR_ROOM}
          css={{ '& input, & textarea, & [contenteditable]': { scrollMarginBottom: SAVE_BAR_ROOM } }}
        >
          <Stack gap="4" maxW="3xl" mx="auto">
            <Alert.Root status="info" variant="subtle">
              <Alert.Indicator />
              <Alert.Description>{t(BUILDER_INFO_TEXT)}</Alert.Description>
            </Alert.Root>
            <StashNotice builder={builder} />
            <Sections builder={builder} />
            <SaveBar builder={builder} />
          </Stack>
        </Box>
      </Flex>
      {/* On a phone showing the form, the preview keeps its layout out of sight (hidden, not removed): the pages
          it lays out are measured, which a frame that is not displayed at all cannot be. */}
      <Box
        flexBasis={{ lg: '50%' }}
        flexShrink={0}
        minW={{ lg: `${PREVIEW_PANE_MIN_WIDTH_PX}px` }}
        h={{ base: 'calc(100dvh - 7.75rem)', md: 'calc(100dvh - 4.25rem)', lg: 'full' }}
        {...(shown === 'form'
          ? {
              visibility: { base: 'hidden', lg: 'visible' },
              position: { base: 'absolute', lg: 'static' },
              insetX: { base: '0', lg: 'auto' },
              top: { base: '0', lg: 'auto' },
              pointerEvents: { base: 'none', lg: 'auto' },
            }
          : {})}
        borderStartWidth={{ lg: '1px' }}
        borderTopWidth={{ base: '1px', lg: '0' }}
      >
        <PreviewPane builder={builder} />
      </Box>
      <SaveDialog builder={builder} />
      <EmailConfirmDialog builder={builder} />
      <ConflictDialog builder={builder} />
    </Flex>
  );
}

function Centered({ children, role }: { children: React.ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Center minH="100dvh" p="6">
      <Stack align="center" gap="3" textAlign="center" role={role} maxW="md">
        {children}
      </Stack>
    </Center>
  );
}

/** docs/behaviour.md#cv-builder: 'Loading CV template...' while the CV loads, then the editor beside its preview. */
export function BuilderView({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const status = useSelector(builder, (snapshot) =>
    snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('openElsewhere')
          ? 'elsewhere'
          : 'ready',
  );

  if (status === 'loading') {
    return (
      <Center minH="100dvh" p="6">
        <Stack align="center" gap="4" role="status" aria-live="polite">
          <Spinner size="lg" color="colorPalette.solid" borderWidth="3px" />
          <Text color="fg.muted" textStyle="sm">
            {t('Loading CV template...')}
          </Text>
        </Stack>
      </Center>
    );
  }

  if (status === 'failed') {
    return (
      <Centered role="alert">
        <Heading as="h1" size="lg">
          {/* i18n-ignore: the product's own name */}
          CV Builder
        </Heading>
        {LOAD_FAILED_NOTICE.description !== undefined && (
          <Text color="fg.muted">{t(LOAD_FAILED_NOTICE.description)}</Text>
        )}
        <Button onClick={() => builder.send({ type: 'builder.retry' })}>{t('Try Again')}</Button>
      </Centered>
    );
  }

  if (status === 'elsewhere') {
    return (
      <Centered role="alert">
        <Heading as="h1" size="lg">
          {t(OPEN_IN_ANOTHER_TAB_TEXT)}
        </Heading>
        <Text color="fg.muted">
          {t(
            'To keep your edits from overwriting each other, a CV is edited in one tab at a time. Take it over here to continue; the other tab stops editing and keeps nothing unsaved.',
          )}
        </Text>
        <Button onClick={() => builder.send({ type: 'lock.takeOver' })}>{t('Take over here')}</Button>
      </Centered>
    );
  }

  return <Editor builder={builder} />;
}
