import { Button, Icon, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ConfirmEmailEvent, ConfirmEmailSnapshot } from '../../machines/confirm-email-machine';
import { AuthCard } from './auth-card';

export interface ConfirmEmailViewProps {
  snapshot: ConfirmEmailSnapshot;
  send: (event: ConfirmEmailEvent) => void;
}

export const CONTACT_SUPPORT_PATH = '/contact';

// spec §2 Confirm email
export function ConfirmEmailView({ snapshot, send }: ConfirmEmailViewProps) {
  if (snapshot.matches('confirmed') || snapshot.matches('leaving')) {
    return (
      <AuthCard
        icon={
          <Icon boxSize="12" color="green.solid" aria-hidden="true">
            <CircleCheck />
          </Icon>
        }
        title="Email Confirmed!"
        description="Your email address has been confirmed and your account is active. You will be redirected to the sign in page in a few seconds."
      >
        <Button width="full" size="lg" onClick={() => send({ type: 'confirmation.continue' })}>
          Go to Sign In
        </Button>
      </AuthCard>
    );
  }

  if (snapshot.matches('failed')) {
    return (
      <AuthCard
        icon={
          <Icon boxSize="12" color="red.solid" aria-hidden="true">
            <CircleX />
          </Icon>
        }
        title="Email Confirmation Failed"
        description={<span role="alert">{snapshot.context.error}</span>}
        footer={
          <>
            Need help?{' '}
            <ChakraLink href={CONTACT_SUPPORT_PATH} color="colorPalette.fg" fontWeight="medium">
              Contact Support
            </ChakraLink>
          </>
        }
      >
        <Stack gap="3">
          <Button asChild width="full" size="lg">
            <Link to="/signin">Back to Sign In</Link>
          </Button>
          <Button asChild width="full" size="lg" variant="outline">
            <Link to="/signup">Create New Account</Link>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<Spinner size="xl" color="colorPalette.solid" borderWidth="3px" aria-hidden="true" />}
      title="Confirming Email..."
      description={
        <Text as="span" role="status">
          Please wait while we confirm your email address.
        </Text>
      }
    />
  );
}
