import {
  Box,
  Button,
  Flex,
  HStack,
  Icon,
  IconButton,
  Link as ChakraLink,
  Menu,
  Portal,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ChevronDown, Copy, Download, FileText, Mail, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CvFileFormat, GeneratedCv } from '../../api/cvs';
import type { CvActionsById } from '../../machines/catalogue/cv-list';
import { t, useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';
import { DELIVERY_BUSY_TAG, type DeliveryActor } from '../../machines/delivery/delivery-machine';
import { DataExportItems, isDataFormat } from '../cv-data/data-export-items';
import type { SessionActor } from '../../machines/auth/session-machine';
import { ConfirmDialog } from '../confirm-dialog';
import { ShareButton } from '../sharing/share-button';
import { EmailConfirmDialog, useOwnAddress } from '../email-confirm-dialog';

export interface GeneratedCvItemProps {
  cv: GeneratedCv;
  /** The template the CV is made from, said beside its name where CVs of every template are listed together. */
  templateName?: string;
  /** The CV's actions (download, email, delete), run by the list that shows it. */
  actor: DeliveryActor;
  /** More actions of the CV, before its own (CV management's 'New cover letter'). */
  actionsBefore?: ReactNode;
  /** What is listed under the CV, the whole row wide (CV management: its cover letters). */
  below?: ReactNode;
}

/**
 * The question before a CV is deleted. The spec's 'This action cannot be undone.' stopped being true when deleted
 * CVs went to a bin (docs/decisions/0029-a-bin-for-deleted-cvs.md): it says where the CV can be found again.
 */
export const DELETE_CV_DESCRIPTION = msg('You can restore it from Recently deleted in CV Management.');

/** On touch screens (a finger, not a mouse) every action is at least 44×44 px, with room between them. */
export const TOUCH_TARGET = { '@media (pointer: coarse)': { minWidth: '44px', minHeight: '44px' } } as const;

// The time too: two saves on one day are told apart.
const EDITED_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * 'Edited 24 Nov 2026, 14:05' from the CV's last_updated, when the server gives one, in the interface's language
 * (`language` from useT(): the view that shows it draws again when the language changes).
 */
export function editedLabel(cv: GeneratedCv, language: string): string | undefined {
  const at = cv.last_updated ? new Date(cv.last_updated) : undefined;
  if (!at || Number.isNaN(at.getTime())) return undefined;
  return t('Edited {date}', { date: new Intl.DateTimeFormat(language, EDITED_FORMAT).format(at) });
}

/**
 * What a CV is called on screen; the download's file name fallback ('cv') would read oddly here. Said in the
 * interface's language by a view that calls useT() (so it draws again when the language changes).
 */
export function cvDisplayName(cv: GeneratedCv): string {
  return cv.name.trim() === '' ? t('Untitled CV') : cv.name;
}

/** The person's session, from the router (a list is shown only to someone signed in; a test's router may have none). */
function useSession(): SessionActor | undefined {
  return useRouteContext({
    from: rootRouteId,
    select: (context) => (context as { session?: SessionActor }).session,
  });
}

/**
 * One saved CV with its actions (docs/behaviour.md#template-card): a download menu (Download PDF, Download Word),
 * an email button and a delete button that asks for confirmation first.
 */
export function GeneratedCvItem({ cv, actor, templateName, actionsBefore, below }: GeneratedCvItemProps) {
  const { t, language } = useT();
  const busy = useSelector(actor, (state) => state.hasTag(DELIVERY_BUSY_TAG));
  const downloading = useSelector(actor, (state) => state.matches('downloading'));
  const emailing = useSelector(actor, (state) => state.matches('emailing'));
  const confirming = useSelector(
    actor,
    (state) => state.matches('confirmingDelete') || state.matches('deleting'),
  );
  const deleting = useSelector(actor, (state) => state.matches('deleting'));
  const confirmingEmail = useSelector(actor, (state) => state.matches('confirmingEmail'));
  const address = useOwnAddress(useSession());
  const name = cvDisplayName(cv);
  const edited = editedLabel(cv, language);

  return (
    <Flex
      as="li"
      align="center"
      gap="2"
      py="1.5"
      px="2"
      borderRadius="l2"
      _hover={{ bg: 'bg.muted' }}
      data-testid="generated-cv"
      aria-busy={busy || undefined}
      flexWrap="wrap"
    >
      <Icon color="fg.muted" boxSize="4" flexShrink={0} aria-hidden>
        <FileText />
      </Icon>
      <Box flex="1 1 8rem" minW="0">
        {/* The whole name, wrapped: readable on touch screens, where a hover tooltip never shows. */}
        <ChakraLink
          asChild
          display="block"
          fontSize="sm"
          fontWeight="medium"
          color="fg"
          wordBreak="break-word"
          css={TOUCH_TARGET}
        >
          <Link to="/dashboard/$id" params={{ id: cv.uuid ?? String(cv.id) }}>
            {name}
          </Link>
        </ChakraLink>
        {(edited || templateName) && (
          <Text fontSize="xs" color="fg.muted">
            {[templateName, edited].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Box>
      <HStack gap="0.5" flexShrink={0} css={{ '@media (pointer: coarse)': { gap: '8px' } }}>
        {actionsBefore}
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) =>
            isDataFormat(details.value)
              ? actor.send({ type: 'cv.export', format: details.value })
              : actor.send({ type: 'cv.download', format: details.value as CvFileFormat })
          }
        >
          <Menu.Trigger asChild>
            <Button
              size="xs"
              variant="ghost"
              px="1.5"
              gap="0.5"
              aria-label={t('Download {name}', { name })}
              title={t('Download')}
              disabled={busy}
              css={TOUCH_TARGET}
            >
              {downloading ? <Spinner size="xs" /> : <Download />}
              <ChevronDown />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="10rem">
                <Menu.Item value="pdf">
                  {/* The paper the PDF prints on, known before the file arrives (a backend without designs: A4). */}
                  {t('Download PDF ({size})', { size: cv.page_size ?? 'A4' })}
                </Menu.Item>
                <Menu.Item value="word">{t('Download Word')}</Menu.Item>
                <DataExportItems />
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('Email {name}', { name })}
          title={t('Email to me')}
          disabled={busy}
          css={TOUCH_TARGET}
          onClick={() => actor.send({ type: 'cv.email' })}
        >
          {emailing ? <Spinner size="xs" /> : <Mail />}
        </IconButton>
        <ShareButton
          variant="icon"
          opening={() => ({ cv: cv.uuid ?? cv.id, cvName: name, unsaved: false })}
        />
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('Duplicate {name}', { name })}
          title={t('Duplicate')}
          disabled={busy}
          css={TOUCH_TARGET}
          onClick={() => actor.send({ type: 'cv.duplicate' })}
        >
          <Copy />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('Delete {name}', { name })}
          title={t('Delete')}
          disabled={busy}
          css={TOUCH_TARGET}
          onClick={() => actor.send({ type: 'cv.delete' })}
        >
          <Trash2 />
        </IconButton>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={t('Delete CV?')}
        subject={name}
        description={t(DELETE_CV_DESCRIPTION)}
        confirmLabel={t('Delete')}
        cancelLabel={t('Cancel')}
        destructive
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
      <EmailConfirmDialog
        open={confirmingEmail}
        address={address}
        subject={name}
        onConfirm={() => actor.send({ type: 'email.confirm' })}
        onCancel={() => actor.send({ type: 'email.cancel' })}
      />
      {below}
    </Flex>
  );
}

/** The items of a card's list: each CV with the actions actor its list runs for it. */
export function GeneratedCvItems({
  cvs,
  actions,
  templateNameOf,
  actionsBeforeOf,
  belowOf,
}: {
  cvs: readonly GeneratedCv[];
  actions: CvActionsById;
  /** More actions of a CV, before its own (CV management's 'New cover letter'). */
  actionsBeforeOf?: (cv: GeneratedCv) => ReactNode;
  /** What is listed under a CV (CV management: its cover letters). */
  belowOf?: (cv: GeneratedCv) => ReactNode;
  /** Where CVs of every template are listed together: each says its template. */
  templateNameOf?: (cv: GeneratedCv) => string | undefined;
}) {
  return cvs.map((cv) => {
    const actor = actions[cv.id];
    return actor ? (
      <GeneratedCvItem
        key={cv.id}
        cv={cv}
        actor={actor}
        templateName={templateNameOf?.(cv)}
        actionsBefore={actionsBeforeOf?.(cv)}
        below={belowOf?.(cv)}
      />
    ) : null;
  });
}
