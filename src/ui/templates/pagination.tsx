import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

type PageEvent = { type: 'page.previous' } | { type: 'page.next' };

export interface PaginationProps {
  /** 'Page X of Y' (docs/behaviour.md#templates-screen). */
  label: string;
  /** The paged list's machine: it says whether there is a page before or after, and turns the page. */
  snapshot: { can(event: PageEvent): boolean };
  send: (event: PageEvent) => void;
}

/** Previous / 'Page X of Y' / Next under a template grid. The screen decides whether it shows at all. */
export function Pagination({ label, snapshot, send }: PaginationProps) {
  const canPrevious = snapshot.can({ type: 'page.previous' });
  const canNext = snapshot.can({ type: 'page.next' });
  const onPrevious = () => send({ type: 'page.previous' });
  const onNext = () => send({ type: 'page.next' });
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="4" pt="2">
      <Button variant="outline" size={{ base: 'lg', md: 'sm' }} onClick={onPrevious} disabled={!canPrevious}>
        <ChevronLeft />
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" minW="7rem" textAlign="center">
        {label}
      </Text>
      <Button variant="outline" size={{ base: 'lg', md: 'sm' }} onClick={onNext} disabled={!canNext}>
        Next
        <ChevronRight />
      </Button>
    </HStack>
  );
}
