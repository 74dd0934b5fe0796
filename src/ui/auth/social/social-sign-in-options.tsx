import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { BUSY_TAG } from '../../../machines/auth/auth-flow';
import type { GoogleSignInEvent, GoogleSignInSnapshot } from '../../../machines/auth/google-sign-in-machine';
import type {
  LinkedInSignInEvent,
  LinkedInSignInSnapshot,
} from '../../../machines/auth/linkedin-sign-in-machine';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { GoogleIcon } from '../google-icon';
import { LinkedInIcon } from './linkedin-icon';

export interface SocialSignInOptionsProps {
  google: { snapshot: GoogleSignInSnapshot; send: (event: GoogleSignInEvent) => void };
  linkedin: { snapshot: LinkedInSignInSnapshot; send: (event: LinkedInSignInEvent) => void };
}

/** What one option's button shows and does. */
export interface OptionState {
  enabled: boolean;
  busy: boolean;
  unavailable: boolean;
  onStart: () => void;
}

// docs/behaviour.md#sign-in: a Google sign-in option, and sign-in by a LinkedIn account.
export function SocialSignInOptions({ google, linkedin }: SocialSignInOptionsProps) {
  return (
    <SocialSignInButtons
      google={{
        enabled: google.snapshot.can({ type: 'google.start' }),
        busy: google.snapshot.hasTag(BUSY_TAG),
        unavailable: google.snapshot.matches('unavailable'),
        onStart: () => google.send({ type: 'google.start' }),
      }}
      linkedin={{
        enabled: linkedin.snapshot.can({ type: 'linkedin.start' }),
        busy: linkedin.snapshot.hasTag(BUSY_TAG),
        unavailable: linkedin.snapshot.matches('unavailable'),
        onStart: () => linkedin.send({ type: 'linkedin.start' }),
      }}
    />
  );
}

/**
 * The options below the sign-in form, after an 'or': Google, and LinkedIn when given. A provider the server has no
 * client id for is left out (an operator's configuration is not the person's business: the server says so in its
 * start-up output), and the 'or' with it when none is left.
 */
export function SocialSignInButtons({ google, linkedin }: { google: OptionState; linkedin?: OptionState }) {
  const { t } = useT();
  const showGoogle = !google.unavailable;
  const showLinkedIn = linkedin !== undefined && !linkedin.unavailable;
  if (!showGoogle && !showLinkedIn) return null;
  return (
    <Stack gap="6">
      <HStack gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text flexShrink="0" textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
          {t('or')}
        </Text>
        <Separator flex="1" />
      </HStack>

      <Stack gap="3">
        {showGoogle && (
          <SocialOption
            option={google}
            icon={<GoogleIcon />}
            label={t('Continue with Google')}
            loadingText={t('Signing in...')}
          />
        )}
        {showLinkedIn && (
          <SocialOption
            option={linkedin}
            icon={<LinkedInIcon />}
            label={t('Sign in with LinkedIn')}
            loadingText={t('Redirecting to LinkedIn...')}
          />
        )}
      </Stack>
    </Stack>
  );
}

interface SocialOptionProps {
  option: OptionState;
  icon: ReactNode;
  label: string;
  loadingText: string;
}

function SocialOption({ option, icon, label, loadingText }: SocialOptionProps) {
  return (
    <Button
      type="button"
      variant="outline"
      width="full"
      size="lg"
      onClick={option.onStart}
      disabled={!option.enabled}
      loading={option.busy}
      loadingText={loadingText}
    >
      {icon}
      {label}
    </Button>
  );
}
