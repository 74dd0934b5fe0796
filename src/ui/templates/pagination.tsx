import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n';
import type { Message } from '../../../rules/languages';
import { READING_ARROW } from '../reading-arrow';

type PageEvent = { type: 'page.previous' } | { type: 'page.next' };

export interface PaginationProps<Event extends { type: string } = PageEvent> {
  /** 'Page X of Y' (docs/behaviour.md#templates-screen), said in the person's language here. */
  label: Message;
  /** The paged list's machine: it says whether there is a page before or after, and turns the page. */
  snapshot: { can(event: Event): boolean };
  send: (event: Event) => void;
  /** The events that turn the page, where a screen pages more than one list. */
  events?: { previous: Event; next: Event };
  /** The navigation's name, told apart where a screen has two ('Pagination' by default), said by the screen. */
  name?: string;
}

const PAGE_EVENTS = { previous: { type: 'page.previous' }, next: { type: 'page.next' } } as const;

/** Previous / 'Page X of Y' / Next under a paged list. The screen decides whether it shows at all. */
export function Pagination<Event extends { type: string } = PageEvent>({
  label,
  snapshot,
  send,
  events = PAGE_EVENTS as unknown as { previous: Event; next: Event },
  name,
}: PaginationProps<Event>) {
  const { t } = useT();
  const text = t(label);
  const canPrevious = snapshot.can(events.previous);
  const canNext = snapshot.can(events.next);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | undefined>(undefined);
  // Reaching the first or the last page disables the button just pressed: the focus goes to the other one rather
  // than to the page's start, so a keyboard pages back without searching for the button again.
  useEffect(() => {
    if (pressed.current === 'next' && !canNext && canPrevious) previous.current?.focus();
    if (pressed.current === 'previous' && !canPrevious && canNext) next.current?.focus();
    pressed.current = undefined;
  }, [canNext, canPrevious, text]);
  const turn = (to: 'previous' | 'next') => {
    pressed.current = to;
    send(events[to]);
  };
  return (
    // Narrower on a phone: two 44 px buttons and 'Page 1 of 3' fit 390 px without running off the screen.
    <HStack
      as="nav"
      aria-label={name ?? t('Pagination')}
      justify="center"
      gap={{ base: '2', md: '4' }}
      pt="2"
    >
      <Button
        ref={previous}
        variant="outline"
        size={{ base: 'lg', md: 'sm' }}
        onClick={() => turn('previous')}
        disabled={!canPrevious}
      >
        <ChevronLeft className={READING_ARROW} />
        {t('Previous')}
      </Button>
      <Text
        fontSize="sm"
        color="fg.muted"
        aria-live="polite"
        minW={{ base: 'auto', md: '7rem' }}
        textAlign="center"
        whiteSpace="nowrap"
      >
        {text}
      </Text>
      <Button
        ref={next}
        variant="outline"
        size={{ base: 'lg', md: 'sm' }}
        onClick={() => turn('next')}
        disabled={!canNext}
      >
        {t('Next')}
        <ChevronRight className={READING_ARROW} />
      </Button>
    </HStack>
  );
}
