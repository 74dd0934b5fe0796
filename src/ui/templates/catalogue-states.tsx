import {
  Button,
  EmptyState,
  HStack,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { FileSearch, RefreshCw, type LucideIcon } from 'lucide-react';
import { useT } from '../../i18n/i18n';

/** Grid columns shared by the templates screen and CV management. */
export const TEMPLATE_GRID_COLUMNS = { base: 1, sm: 2, lg: 3, '2xl': 4 } as const;

/** A loading grid: a spinner line with the screen's text and card-shaped placeholders. */
export function LoadingGrid({ text, cards = 8 }: { text?: string; cards?: number }) {
  const { t } = useT();
  return (
    <Stack gap="5" aria-busy="true">
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text fontSize="sm">{text ?? t('Loading...')}</Text>
      </HStack>
      <SimpleGrid columns={TEMPLATE_GRID_COLUMNS} gap="5" aria-hidden>
        {Array.from({ length: cards }, (_, index) => (
          <Stack key={index} gap="3">
            <Skeleton aspectRatio={4 / 5} borderRadius="l3" />
            <Skeleton height="5" width="70%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export interface CatalogueMessageProps {
  title: string;
  description: string;
  icon?: LucideIcon;
  onRetry?: () => void;
  /** The way forward, e.g. a link to the templates: rendered under the text. */
  action?: React.ReactNode;
}

/** The gentle empty or error state of a grid, with an optional 'Try again'. */
export function CatalogueMessage({
  title,
  description,
  icon: MessageIcon = FileSearch,
  onRetry,
  action,
}: CatalogueMessageProps) {
  const { t } = useT();
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" py="12">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <MessageIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw />
            {t('Try again')}
          </Button>
        )}
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
