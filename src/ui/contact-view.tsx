import { Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { NO_SUPPORT_ADDRESS_MESSAGE, type ContactSnapshot } from '../machines/contact-machine';
import { AuthCard, AuthLink } from './auth/auth-card';

/** /contact: the operator's support address as a mailto link, or whom to ask when there is none. */
export function ContactView({ snapshot }: { snapshot: ContactSnapshot }) {
  const { email } = snapshot.context;
  return (
    <AuthCard
      title="Contact Support"
      description="Questions about your account or your CVs? We are here to help."
      footer={
        <>
          <AuthLink to="/signin">Back to Sign In</AuthLink>
        </>
      }
    >
      {snapshot.matches('loading') ? (
        <Stack align="center" py="4">
          <Spinner size="md" color="colorPalette.solid" aria-hidden="true" />
          <Text role="status" textStyle="sm" color="fg.muted">
            Loading...
          </Text>
        </Stack>
      ) : email ? (
        <Stack gap="2" textAlign="center">
          <Text>Write to us at</Text>
          <ChakraLink href={`mailto:${email}`} color="colorPalette.fg" fontWeight="semibold" textStyle="lg" justifyContent="center">
            {email}
          </ChakraLink>
          <Text textStyle="sm" color="fg.muted">
            Please include the email address of your account.
          </Text>
        </Stack>
      ) : (
        <Text role="status" textAlign="center">
          {NO_SUPPORT_ADDRESS_MESSAGE}
        </Text>
      )}
    </AuthCard>
  );
}
