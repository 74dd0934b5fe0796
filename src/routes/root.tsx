import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, Outlet, createRootRouteWithContext, type ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import type { SessionActor } from '../machines/auth/session-machine';

export interface RouterContext {
  session: SessionActor;
}

function NotFound() {
  const { t } = useT();
  return (
    <Center minH="100dvh" p="6">
      <Stack align="center" gap="3" textAlign="center">
        <Heading as="h1" size="2xl">
          {t('Page not found')}
        </Heading>
        <Text color="fg.muted">{t('The address you opened does not exist.')}</Text>
        <Button asChild variant="outline">
          <Link to="/">{t('Go to the home page')}</Link>
        </Button>
      </Stack>
    </Center>
  );
}

function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useT();
  return (
    <Center minH="60dvh" p="6">
      <Stack align="center" gap="3" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          {t('Something went wrong')}
        </Heading>
        <Text color="fg.muted">
          {error instanceof Error ? t(error.message) : t('Something went wrong. Please try again.')}
        </Text>
        <Button onClick={reset}>{t('Try again')}</Button>
      </Stack>
    </Center>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <Box minH="100dvh">
      <Outlet />
    </Box>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
