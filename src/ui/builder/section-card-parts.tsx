import { HStack, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { ChevronDown, Trash2 } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { focusAfterRemoval } from '../return-focus';
import { SortableList } from './sortable-list';
import { useT } from '../../i18n/i18n';

// What a template's section card (section-card.tsx) and a section of the CV's own (custom-section-card.tsx) share:
// the heading that opens and closes the card, and the list of entries reordered by their handles.

/**
 * The card's heading: the accordion pattern, a heading holding the button, with only phrasing content inside.
 * `children` is the title block beside the position marker.
 */
export function SectionToggle({
  id,
  bodyId,
  expanded,
  onToggle,
  marker,
  done = false,
  buttonRef,
  children,
}: {
  id: string;
  bodyId: string;
  expanded: boolean;
  onToggle: () => void;
  /** What the round marker shows: the card's place in the CV's order, or a tick. */
  marker: ReactNode;
  /** A completed section's marker takes the accent colour. */
  done?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    // On a phone the header takes its line beside the handle, and the card's buttons (44 px there) wrap to a line
    // of their own below, rather than squeezing the title into a column a word wide.
    <chakra.h2
      m="0"
      textStyle="md"
      fontWeight="normal"
      flex={{ base: '1 1 calc(100% - 3rem)', md: '1 1 14rem' }}
      minW="0"
    >
      <chakra.button
        ref={buttonRef}
        id={id}
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
        display="flex"
        alignItems="center"
        gap="3"
        width="full"
        textAlign="start"
        px="4"
        py="3"
        borderRadius="l3"
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <chakra.span
          display="flex"
          boxSize="7"
          flexShrink={0}
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          bg={done ? 'colorPalette.solid' : 'bg.muted'}
          color={done ? 'colorPalette.contrast' : 'fg.muted'}
          textStyle="sm"
          fontWeight="semibold"
          aria-hidden="true"
        >
          {marker}
        </chakra.span>
        {children}
        <chakra.span
          color="fg.muted"
          transform={expanded ? 'rotate(180deg)' : undefined}
          transition="transform 0.15s"
        >
          <ChevronDown size={18} />
        </chakra.span>
      </chakra.button>
    </chakra.h2>
  );
}

/** A section's entries, in order, each with a handle that moves it; `onMove` says from which place to which. */
export function EntryList({
  idPrefix,
  count,
  labelOf,
  onMove,
  children,
}: {
  idPrefix: string;
  count: number;
  labelOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  children: (index: number, handle: ReactNode) => ReactNode;
}) {
  return (
    <SortableList
      items={Array.from({ length: count }, (_, index) => index)}
      idOf={(index) => `${idPrefix}-entry-${index}`}
      labelOf={labelOf}
      noun="entries"
      onMove={(id, toIndex) => onMove(Number(id.slice(id.lastIndexOf('-') + 1)), toIndex)}
    >
      {children}
    </SortableList>
  );
}

/**
 * One entry of a section: a group named `label`, with a row above its fields for what it has of the handle, its
 * number ('Entry 2') and its remove button; after a removal the focus goes to `returnFocusTo` (the add button).
 */
export function EntryGroup({
  index,
  label,
  handle,
  numbered,
  remove,
  returnFocusTo,
  children,
}: {
  index: number;
  label: string;
  handle?: ReactNode;
  numbered: boolean;
  remove?: { label: string; title: string; onRemove: () => void };
  returnFocusTo: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Stack gap="3" role="group" aria-label={label} {...(index > 0 ? { borderTopWidth: '1px', pt: '4' } : {})}>
      {(Boolean(handle) || numbered || remove) && (
        <HStack justify="space-between">
          <HStack gap="1">
            {handle}
            {numbered && (
              <Text fontWeight="medium" textStyle="sm">
                {t('Entry {number}', { number: index + 1 })}
              </Text>
            )}
          </HStack>
          {remove && (
            <IconButton
              size={{ base: 'lg', md: 'xs' }}
              variant="ghost"
              colorPalette="red"
              aria-label={remove.label}
              title={remove.title}
              onClick={() => {
                remove.onRemove();
                focusAfterRemoval(returnFocusTo);
              }}
            >
              <Trash2 />
            </IconButton>
          )}
        </HStack>
      )}
      {children}
    </Stack>
  );
}
