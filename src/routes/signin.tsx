import { Heading, Stack, Text } from '@chakra-ui/react';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

// Placeholder until the accounts engineer builds the sign-in form; it must exist so that '/'
// without a session lands here.
export const signinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  component: () => (
    <Stack align="center" justify="center" minH="100dvh" gap="2" p="6">
      <Heading as="h1" size="2xl">
        Welcome
      </Heading>
      <Text color="fg.muted">This page is coming soon</Text>
    </Stack>
  ),
});
