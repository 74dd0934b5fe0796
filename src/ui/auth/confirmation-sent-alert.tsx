import { Alert, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { WordsWith, slot } from '../words-with';

/** After sign-up, on the sign-in page: where the confirmation link went, and a way to ask for a new one. */
export function ConfirmationSentAlert({ address, resend }: { address: string; resend: ReactNode }) {
  const { t } = useT();
  return (
    <Alert.Root
      status="info"
      variant="subtle"
      borderRadius="l2"
      role="status"
      data-testid="confirmation-sent"
    >
      <Alert.Indicator />
      {/* A long address breaks where it must rather than run out of the notice on a phone. */}
      <Alert.Content gap="2" minW="0">
        <Alert.Title>{t('Confirm your email address')}</Alert.Title>
        <Alert.Description>
          <WordsWith
            words={t(
              'We sent a confirmation link to {address}. Follow it to activate your account, then sign in here. Nothing there? Check your spam folder, or ask for a new link.',
              { address: slot('address') },
            )}
            slots={{ address: <chakra.strong overflowWrap="anywhere">{address}</chakra.strong> }}
          />
        </Alert.Description>
        {resend}
      </Alert.Content>
    </Alert.Root>
  );
}
