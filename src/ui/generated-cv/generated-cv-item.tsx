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
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { ChevronDown, Download, FileText, Mail, Trash2 } from 'lucide-react';
import type { CvFileFormat, GeneratedCv } from '../../api/cvs';
import { inspectOptions } from '../../machines/inspect';
import {
  CV_ACTION_BUSY_TAG,
  generatedCvActionsMachine,
  type CvListRef,
} from '../../machines/generated-cv-actions-machine';
import { ConfirmDialog } from '../confirm-dialog';
import { showToast } from '../toaster';

/** The actions machine with the app's toaster; tests pass their own with fake calls. */
export const appGeneratedCvActionsMachine = generatedCvActionsMachine.provide({
  actions: { notify: (_, notice) => void showToast(notice) },
});

export interface GeneratedCvItemProps {
  cv: GeneratedCv;
  /** The list that shows the CV; it drops the CV once deleted. */
  list?: CvListRef;
  machine?: typeof generatedCvActionsMachine;
}

/** What a CV is called on screen; the spec's file name fallback ('cv') would read oddly here. */
export function cvDisplayName(cv: GeneratedCv): string {
  return cv.name.trim() === '' ? 'Untitled CV' : cv.name;
}

/**
 * One saved CV with its actions (spec §2 Template card): a download menu (Download PDF, Download Word),
 * an email button and a delete button that asks for confirmation first.
 */
export function GeneratedCvItem({ cv, list, machine = appGeneratedCvActionsMachine }: GeneratedCvItemProps) {
  const actor = useActorRef(machine, { ...inspectOptions, input: { cv, list } });
  const busy = useSelector(actor, (state) => state.hasTag(CV_ACTION_BUSY_TAG));
  const downloading = useSelector(actor, (state) => state.matches('downloading'));
  const emailing = useSelector(actor, (state) => state.matches('emailing'));
  const confirming = useSelector(
    actor,
    (state) => state.matches('confirmingDelete') || state.matches('deleting'),
  );
  const deleting = useSelector(actor, (state) => state.matches('deleting'));
  const name = cvDisplayName(cv);

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
    >
      <Icon color="fg.muted" boxSize="4" flexShrink={0} aria-hidden>
        <FileText />
      </Icon>
      <Box flex="1" minW="0">
        <ChakraLink
          asChild
          display="block"
          fontSize="sm"
          fontWeight="medium"
          color="fg"
          title={`Open ${name}`}
        >
          <Link to="/dashboard/$id" params={{ id: cv.uuid ?? String(cv.id) }}>
            <Text as="span" truncate display="block">
              {name}
            </Text>
          </Link>
        </ChakraLink>
      </Box>
      <HStack gap="0.5" flexShrink={0}>
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) => actor.send({ type: 'cv.download', format: details.value as CvFileFormat })}
        >
          <Menu.Trigger asChild>
            <Button
              size="xs"
              variant="ghost"
              px="1.5"
              gap="0.5"
              aria-label={`Download ${name}`}
              title="Download"
              disabled={busy}
            >
              {downloading ? <Spinner size="xs" /> : <Download />}
              <ChevronDown />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="10rem">
                <Menu.Item value="pdf">Download PDF</Menu.Item>
                <Menu.Item value="word">Download Word</Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Email ${name}`}
          title="Email to me"
          disabled={busy}
          onClick={() => actor.send({ type: 'cv.email' })}
        >
          {emailing ? <Spinner size="xs" /> : <Mail />}
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Delete ${name}`}
          title="Delete"
          disabled={busy}
          onClick={() => actor.send({ type: 'cv.delete' })}
        >
          <Trash2 />
        </IconButton>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title="Delete CV?"
        description="This action cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Flex>
  );
}
