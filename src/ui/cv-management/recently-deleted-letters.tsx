import { Flex, HStack, Button, Heading, Stack, Text, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Trash2, Undo2 } from 'lucide-react';
import type { BinnedCoverLetter } from '../../api/bin';
import { binDate, removalText } from '../../catalogue/bin';
import { useT } from '../../i18n/i18n';
import { WordsWith, slot } from '../words-with';
import { LETTER_BIN_BUSY_TAG, type LetterBinActor } from '../../machines/catalogue/letter-bin-machine';
import { ConfirmDialog } from '../confirm-dialog';

/** How many cover letters the group holds, or 0 while it is not loaded (for the tab's badge). */
export function useRecentlyDeletedLetterCount(actor: LetterBinActor | undefined): number {
  return useSelector(actor, (state) => (state?.matches('loading') ? 0 : (state?.context.items.length ?? 0)));
}

/**
 * When a deleted CV or letter was deleted and when it will be removed for good (the date too): Recently deleted's
 * line under each name.
 */
export function BinDates({ deletedAt, purgeAt }: { deletedAt: string; purgeAt: string }) {
  const { t, language } = useT();
  return (
    <Text fontSize="sm" color="fg.muted">
      <WordsWith
        words={t('Deleted {date}', { date: slot('date') })}
        slots={{ date: <time dateTime={deletedAt}>{binDate(deletedAt, language)}</time> }}
      />
      {' · '}
      <time dateTime={purgeAt} title={binDate(purgeAt, language)}>
        {t(removalText(purgeAt))}
      </time>{' '}
      (<time dateTime={purgeAt}>{binDate(purgeAt, language)}</time>)
    </Text>
  );
}

function BinnedLetterItem({ item, actor }: { item: BinnedCoverLetter; actor: LetterBinActor }) {
  const { t } = useT();
  const busy = useSelector(
    actor,
    (state) => state.hasTag(LETTER_BIN_BUSY_TAG) || state.matches('confirmingPurge'),
  );
  const restoring = useSelector(
    actor,
    (state) => state.matches('restoring') && state.context.pending?.uuid === item.uuid,
  );
  const nameId = `binned-letter-${item.uuid}`;
  return (
    <Flex
      as="li"
      aria-labelledby={nameId}
      gap="3"
      p="3"
      borderWidth="1px"
      borderRadius="l2"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      data-testid="recently-deleted-letter"
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text id={nameId} fontWeight="semibold" wordBreak="break-word">
          {item.name}
        </Text>
        <BinDates deletedAt={item.deleted_at} purgeAt={item.purge_at} />
      </Stack>
      <HStack gap="2" flexShrink={0}>
        <Button
          size="sm"
          minH="11"
          variant="outline"
          aria-label={t('Restore {name}', { name: item.name })}
          disabled={busy}
          loading={restoring}
          onClick={() => actor.send({ type: 'letters.restore', uuid: item.uuid })}
        >
          <Undo2 /> {t('Restore')}
        </Button>
        <Button
          size="sm"
          minH="11"
          variant="ghost"
          colorPalette="red"
          aria-label={t('Delete {name} forever', { name: item.name })}
          disabled={busy}
          onClick={() => actor.send({ type: 'letters.deleteForever', uuid: item.uuid })}
        >
          <Trash2 /> {t('Delete forever')}
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * The "Cover letters" group of Recently deleted (docs/features/bin.md): the person's deleted letters, each with when
 * it was deleted and when it will be removed for good; Restore, and 'Delete forever' after a question. Nothing at
 * all when there are none, or the server keeps no letters in its bin.
 */
export function RecentlyDeletedLetters({ actor }: { actor: LetterBinActor | undefined }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  if (!actor || !snapshot || snapshot.matches('unsupported')) return null;
  const { items, pending } = snapshot.context;
  const asking = snapshot.matches('confirmingPurge') || snapshot.matches('purging');
  const headingId = 'recently-deleted-letters-heading';

  let content;
  if (snapshot.matches('loading'))
    content = (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text fontSize="sm">{t('Loading recently deleted cover letters...')}</Text>
      </HStack>
    );
  else if (snapshot.matches('failed'))
    content = (
      <HStack gap="3" wrap="wrap">
        <Text role="alert" color="fg.error" fontSize="sm">
          {snapshot.context.error && t(snapshot.context.error)}
        </Text>
        <Button size="sm" minH="11" variant="outline" onClick={() => actor.send({ type: 'letters.reload' })}>
          {t('Retry')}
        </Button>
      </HStack>
    );
  else if (items.length === 0) return null;
  else
    content = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Recently deleted cover letters')}>
        {items.map((item) => (
          <BinnedLetterItem key={item.uuid} item={item} actor={actor} />
        ))}
      </Stack>
    );

  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId}>
        {t('Cover letters')}
      </Heading>
      {content}
      <ConfirmDialog
        open={asking}
        title={t('Delete forever?')}
        subject={pending?.name}
        description={t('This action cannot be undone.')}
        confirmLabel={t('Delete forever')}
        cancelLabel={t('Cancel')}
        destructive
        busy={snapshot.matches('purging')}
        onConfirm={() => actor.send({ type: 'letters.purge.confirm' })}
        onCancel={() => actor.send({ type: 'letters.purge.cancel' })}
      />
    </Stack>
  );
}
