import { Center, EmptyState, VStack } from '@chakra-ui/react';
import { Construction } from 'lucide-react';
import { useT } from '../i18n/i18n';

/** Stands in for a screen that is not built yet; each route file replaces it with the real view. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useT();
  return (
    <Center minH="60dvh" p="6">
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Construction />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h1" textStyle="2xl" fontWeight="semibold">
              {title}
            </EmptyState.Title>
            <EmptyState.Description>{t('This page is coming soon')}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Center>
  );
}
