import { Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { useT } from '../i18n/i18n';
import { NO_SUPPORT_ADDRESS_MESSAGE, type ContactSnapshot } from '../machines/contact-machine';
import { AuthCard, AuthLink } from './auth/auth-card';
import { aroundSlot, slot } from './words-with';

/** /contact: the operator's support address as a mailto link, or whom to ask when there is none. */
export function ContactView({ snapshot }: { snapshot: ContactSnapshot }) {
  const { t } = useT();
  const { email } = snapshot.context;
  // One sentence around the address, which is a line of its own: the words before it above, any after it below.
  const [beforeAddress, afterAddress] = aroundSlot(
    t('Write to us at {address}', { address: slot('address') }),
  );
  return (
    <AuthCard
      title={t('Contact Support')}
      description={t('Questions about your account or your CVs? We are here to help.')}
      footer={
        <>
          <AuthLink to="/signin">{t('Back to Sign In')}</AuthLink>
        </>
      }
    >
      {snapshot.matches('loading') ? (
        <Stack align="center" py="4">
          <Spinner size="md" color="colorPalette.solid" aria-hidden="true" />
          <Text role="status" textStyle="sm" color="fg.muted">
            {t('Loading...')}
          </Text>
        </Stack>
      ) : email ? (
        <Stack gap="2" textAlign="center">
          {beforeAddress.trim() !== '' && <Text>{beforeAddress.trim()}</Text>}
          <ChakraLink
            href={`mailto:${email}`}
            color="colorPalette.fg"
            fontWeight="semibold"
            textStyle="lg"
            justifyContent="center"
          >
            {email}
          </ChakraLink>
          {afterAddress.trim() !== '' && <Text>{afterAddress.trim()}</Text>}
          <Text textStyle="sm" color="fg.muted">
            {t('Please include the email address of your account.')}
          </Text>
        </Stack>
      ) : (
        <Text role="status" textAlign="center">
          {t(NO_SUPPORT_ADDRESS_MESSAGE)}
        </Text>
      )}
    </AuthCard>
  );
}
