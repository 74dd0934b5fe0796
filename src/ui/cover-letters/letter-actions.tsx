import { Button, Checkbox, Dialog, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, Download, Mail, Trash2 } from 'lucide-react';
import type {
  LetterDeliveryActor,
  LetterDownload,
} from '../../machines/cover-letters/letter-delivery-machine';
import { BUSY_TAG } from '../../machines/auth/auth-flow';
import { ConfirmDialog } from '../confirm-dialog';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

/** What a letter's downloads are called in its menu. */
export const DOWNLOAD_LABELS: Record<LetterDownload, string> = {
  pdf: msg('PDF'),
  word: msg('Word'),
  combined: msg('Download letter + CV'),
};

/**
 * A saved letter's Download menu (PDF, Word, and the letter then its CV in one PDF), Email (with 'Attach the CV
 * too') and Delete (asked first): the editor's and CV management's alike. `compact`: icon buttons for a list row.
 */
export function LetterActions({ actor, compact = false }: { actor: LetterDeliveryActor; compact?: boolean }) {
  const { t } = useT();
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag(BUSY_TAG));
  const letter = useSelector(actor, (snapshot) => snapshot.context.letter);
  const name = letter.name;
  return (
    <HStack gap="2" flexWrap="wrap">
      <Menu.Root
        onSelect={(details) => actor.send({ type: 'letter.download', kind: details.value as LetterDownload })}
      >
        <Menu.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            minH="11"
            loading={busy}
            aria-label={
              compact ? (name ? t('Download {name}', { name }) : t('Download cover letter')) : undefined
            }
          >
            <Download /> {t('Download')} <ChevronDown />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="pdf" minH="11">
                {t(DOWNLOAD_LABELS.pdf)}
              </Menu.Item>
              <Menu.Item value="word" minH="11">
                {t(DOWNLOAD_LABELS.word)}
              </Menu.Item>
              {letter.cv !== null && (
                <Menu.Item value="combined" minH="11">
                  {t(DOWNLOAD_LABELS.combined)}
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {compact ? (
        <IconButton
          variant="outline"
          size="sm"
          minH="11"
          minW="11"
          aria-label={name ? t('Email {name}', { name }) : t('Email cover letter')}
          title={t('Email')}
          disabled={busy}
          onClick={() => actor.send({ type: 'email.open' })}
        >
          <Mail />
        </IconButton>
      ) : (
        <Button
          variant="outline"
          size="sm"
          minH="11"
          disabled={busy}
          onClick={() => actor.send({ type: 'email.open' })}
        >
          <Mail /> {t('Email')}
        </Button>
      )}
      <IconButton
        variant="outline"
        colorPalette="red"
        size="sm"
        minH="11"
        minW="11"
        aria-label={name ? t('Delete {name}', { name }) : t('Delete cover letter')}
        title={t('Delete')}
        disabled={busy}
        onClick={() => actor.send({ type: 'delete.open' })}
      >
        <Trash2 />
      </IconButton>
      <LetterEmailDialog actor={actor} />
      <LetterDeleteDialog actor={actor} />
    </HStack>
  );
}

/** 'Email this cover letter?' with 'Attach the CV too' when the letter has a CV. */
function LetterEmailDialog({ actor }: { actor: LetterDeliveryActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.matches('confirmingEmail'));
  const withCv = useSelector(actor, (snapshot) => snapshot.context.withCv);
  const letter = useSelector(actor, (snapshot) => snapshot.context.letter);
  const { t } = useT();
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'email.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('Email this cover letter?')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                <Text as="strong" display="block" fontWeight="semibold" wordBreak="break-word" mb="1">
                  {letter.name}
                </Text>
                {t('It is sent as a PDF to the email address of your account, as last saved.')}
              </Dialog.Description>
              {letter.cv !== null && (
                <Checkbox.Root
                  mt="4"
                  minH="11"
                  checked={withCv}
                  onCheckedChange={(details) =>
                    actor.send({ type: 'email.withCv', withCv: details.checked === true })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('Attach the CV too')}</Checkbox.Label>
                </Checkbox.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" onClick={() => actor.send({ type: 'email.cancel' })}>
                {t('Cancel')}
              </Button>
              <Button minH="11" onClick={() => actor.send({ type: 'email.confirm' })}>
                {t('Send')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LetterDeleteDialog({ actor }: { actor: LetterDeliveryActor }) {
  const open = useSelector(
    actor,
    (snapshot) => snapshot.matches('confirmingDelete') || snapshot.matches('deleting'),
  );
  const busy = useSelector(actor, (snapshot) => snapshot.matches('deleting'));
  const name = useSelector(actor, (snapshot) => snapshot.context.letter.name);
  const { t } = useT();
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      destructive
      title={t('Delete cover letter?')}
      subject={name}
      description={t('You can restore it from Recently deleted in CV Management. Its CV stays as it is.')}
      confirmLabel={t('Delete')}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    />
  );
}
