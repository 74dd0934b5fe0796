import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

const HEADING_ID = 'profile-security-heading';

/**
 * Profile → Security: the cards that guard the account (active sessions, security activity; two-step sign-in and
 * passkeys belong here too), under one heading.
 */
export function SecuritySection({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <Stack as="section" aria-labelledby={HEADING_ID} gap="4">
      <Stack gap="1">
        <Heading as="h2" size="xl" id={HEADING_ID}>
          {t('Security')}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t('How your account is protected, where it is signed in, and what happened to it recently.')}
        </Text>
      </Stack>
      <Stack gap="6">{children}</Stack>
    </Stack>
  );
}
