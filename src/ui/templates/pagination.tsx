import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PaginationProps {
  /** 'Page X of Y' (spec §2). */
  label: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous / 'Page X of Y' / Next under a template grid. The screen decides whether it shows at all. */
export function Pagination({ label, canPrevious, canNext, onPrevious, onNext }: PaginationProps) {
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="4" pt="2">
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={!canPrevious}>
        <ChevronLeft />
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" minW="7rem" textAlign="center">
        {label}
      </Text>
      <Button variant="outline" size="sm" onClick={onNext} disabled={!canNext}>
        Next
        <ChevronRight />
      </Button>
    </HStack>
  );
}
