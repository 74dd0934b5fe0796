import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { BUSY_TAG } from '../../../machines/auth-flow';
import type { GoogleSignInEvent, GoogleSignInSnapshot } from '../../../machines/google-sign-in-machine';
import type {
  LinkedInSignInEvent,
  LinkedInSignInSnapshot,
} from '../../../machines/linkedin-sign-in-machine';
import { GoogleIcon } from '../google-icon';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '../sign-in-view';
import { LinkedInIcon } from './linkedin-icon';

export const LINKEDIN_NOT_CONFIGURED_MESSAGE = 'LinkedIn sign-in is not configured';

export interface SocialSignInOptionsProps {
  google: { snapshot: GoogleSignInSnapshot; send: (event: GoogleSignInEvent) => void };
  linkedin: { snapshot: LinkedInSignInSnapshot; send: (event: LinkedInSignInEvent) => void };
}

/** What one option's button shows and does. */
interface OptionState {
  enabled: boolean;
  busy: boolean;
  unavailable: boolean;
  onStart: () => void;
}

// spec §1, §2 Sign in: a Google sign-in option, and sign-in by a LinkedIn account.
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

const WAITING: OptionState = { enabled: false, busy: false, unavailable: false, onStart: () => undefined };

/** The same buttons, disabled, while the options' code loads (a chunk of its own: /signin paints without it). */
export function SocialSignInPlaceholder() {
  return <SocialSignInButtons google={WAITING} linkedin={WAITING} />;
}

function SocialSignInButtons({ google, linkedin }: { google: OptionState; linkedin: OptionState }) {
  return (
    <Stack gap="6">
      <HStack gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text flexShrink="0" textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
          or
        </Text>
        <Separator flex="1" />
      </HStack>

      <Stack gap="3">
        <Stack gap="2">
          <Button
            type="button"
            variant="outline"
            width="full"
            size="lg"
            onClick={google.onStart}
            disabled={!google.enabled}
            loading={google.busy}
            loadingText="Signing in..."
            aria-describedby={google.unavailable ? 'google-sign-in-status' : undefined}
          >
            <GoogleIcon />
            Continue with Google
          </Button>
          {google.unavailable && (
            <Text id="google-sign-in-status" textStyle="xs" color="fg.muted" textAlign="center">
              {GOOGLE_NOT_CONFIGURED_MESSAGE}
            </Text>
          )}
        </Stack>

        <Stack gap="2">
          <Button
            type="button"
            variant="outline"
            width="full"
            size="lg"
            onClick={linkedin.onStart}
            disabled={!linkedin.enabled}
            loading={linkedin.busy}
            loadingText="Redirecting to LinkedIn..."
            aria-describedby={linkedin.unavailable ? 'linkedin-sign-in-status' : undefined}
          >
            <LinkedInIcon />
            Sign in with LinkedIn
          </Button>
          {linkedin.unavailable && (
            <Text id="linkedin-sign-in-status" textStyle="xs" color="fg.muted" textAlign="center">
              {LINKEDIN_NOT_CONFIGURED_MESSAGE}
            </Text>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
