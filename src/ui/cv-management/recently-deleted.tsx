import { Badge, Box, Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArchiveRestore, CloudOff, Trash2, Undo2 } from 'lucide-react';
import type { BinnedCv } from '../../api/bin';
import { useT } from '../../i18n/i18n';
import {
  BIN_LOAD_FAILED_MESSAGE,
  LETTER_BIN_ID,
  RECENTLY_DELETED_BUSY_TAG,
  type RecentlyDeletedActor,
} from '../../machines/catalogue/recently-deleted-machine';
import type { LetterBinActor } from '../../machines/catalogue/letter-bin-machine';
import { BinDates, RecentlyDeletedLetters, useRecentlyDeletedLetterCount } from './recently-deleted-letters';
import { ConfirmDialog } from '../confirm-dialog';
import { CatalogueMessage } from '../templates/catalogue-states';

/** The cover letters' group, a child of Recently deleted. */
function useLetterBin(actor: RecentlyDeletedActor | undefined): LetterBinActor | undefined {
  return useSelector(actor, (state) => state?.children[LETTER_BIN_ID] as LetterBinActor | undefined);
}

/** How many CVs and cover letters Recently deleted holds (for its tab's badge), or null while it is not loaded. */
export function useRecentlyDeletedCount(actor: RecentlyDeletedActor | undefined): number | null {
  const letters = useRecentlyDeletedLetterCount(useLetterBin(actor));
  const cvs = useSelector(actor, (state) =>
    state?.matches('loading') ? null : (state?.context.items.length ?? null),
  );
  return cvs === null ? null : cvs + letters;
}

/** Whether the server keeps a bin at all (a backend without it answers 404: no Recently deleted). */
export function useHasRecentlyDeleted(actor: RecentlyDeletedActor | undefined): boolean {
  return useSelector(actor, (state) => state !== undefined && !state.matches('unsupported'));
}

function BinnedCvItem({ item, actor }: { item: BinnedCv; actor: RecentlyDeletedActor }) {
  const { t } = useT();
  const busy = useSelector(
    actor,
    (state) => state.hasTag(RECENTLY_DELETED_BUSY_TAG) || state.matches('confirmingPurge'),
  );
  const restoring = useSelector(
    actor,
    (state) => state.matches('restoring') && state.context.pending?.uuid === item.uuid,
  );
  const nameId = `binned-${item.uuid}`;
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
      data-testid="recently-deleted-item"
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text id={nameId} fontWeight="semibold" wordBreak="break-word">
          {item.name}
        </Text>
        {item.template_name && (
          <Text fontSize="sm" color="fg.muted">
            {t(item.template_name)}
          </Text>
        )}
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
          onClick={() => actor.send({ type: 'bin.restore', uuid: item.uuid })}
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
          onClick={() => actor.send({ type: 'bin.deleteForever', uuid: item.uuid })}
        >
          <Trash2 /> {t('Delete forever')}
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * Recently deleted (docs/features/bin.md): the person's deleted CVs, each with when it was deleted and when it will
 * be removed for good; Restore, and 'Delete forever' after a question. Deleted cover letters follow in their own
 * group (recently-deleted-letters.tsx).
 */
export function RecentlyDeleted({ actor }: { actor: RecentlyDeletedActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const letterBin = useLetterBin(actor);
  const letterCount = useRecentlyDeletedLetterCount(letterBin);
  const { items, pending } = snapshot.context;
  const asking = snapshot.matches('confirmingPurge') || snapshot.matches('purging');

  if (snapshot.matches('loading'))
    return (
      <HStack role="status" gap="2" color="fg.muted" py="6">
        <Spinner size="sm" />
        <Text fontSize="sm">{t('Loading recently deleted CVs...')}</Text>
      </HStack>
    );
  if (snapshot.matches('failed'))
    return (
      <CatalogueMessage
        icon={CloudOff}
        title={t('Failed to load data')}
        description={t(snapshot.context.error ?? BIN_LOAD_FAILED_MESSAGE)}
        onRetry={() => actor.send({ type: 'bin.reload' })}
      />
    );
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t(
          'Deleted CVs and cover letters stay here until the date shown, then they are removed for good. Restore one to bring it back with everything it had.',
        )}
      </Text>
      {items.length === 0 && letterCount === 0 ? (
        <CatalogueMessage
          icon={ArchiveRestore}
          title={t('Nothing recently deleted')}
          description={t('CVs you delete wait here for a while, so you can bring them back.')}
        />
      ) : (
        items.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Recently deleted CVs')}>
            {items.map((item) => (
              <BinnedCvItem key={item.uuid} item={item} actor={actor} />
            ))}
          </Stack>
        )
      )}
      <RecentlyDeletedLetters actor={letterBin} />
      <ConfirmDialog
        open={asking}
        title={t('Delete forever?')}
        subject={pending?.name}
        description={t('This action cannot be undone.')}
        confirmLabel={t('Delete forever')}
        cancelLabel={t('Cancel')}
        destructive
        busy={snapshot.matches('purging')}
        onConfirm={() => actor.send({ type: 'purge.confirm' })}
        onCancel={() => actor.send({ type: 'purge.cancel' })}
      />
    </Stack>
  );
}

/** The tab's label: 'Recently deleted' and, once known, how many. */
export function RecentlyDeletedLabel({ count }: { count: number | null }) {
  const { t } = useT();
  return (
    <HStack gap="2">
      <Box as="span">{t('Recently deleted')}</Box>
      {count !== null && count > 0 && (
        <Badge variant="subtle" colorPalette="gray">
          {count}
        </Badge>
      )}
    </HStack>
  );
}
