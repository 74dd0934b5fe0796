import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { BUSY_TAG } from '../../../machines/auth-flow';
import type { GoogleSignInEvent, GoogleSignInSnapshot } from '../../../machines/google-sign-in-machine';
import type {
  LinkedInSignInEvent,
  LinkedInSignInSnapshot,
} from '../../../machines/linkedin-callback-machine';
import { GoogleIcon } from '../google-icon';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '../sign-in-view';
import { LinkedInIcon } from './linkedin-icon';

export const LINKEDIN_NOT_CONFIGURED_MESSAGE = 'LinkedIn sign-in is not configured';

export interface SocialSignInOptionsProps {
  google: { snapshot: GoogleSignInSnapshot; send: (event: GoogleSignInEvent) => void };
  linkedin: { snapshot: LinkedInSignInSnapshot; send: (event: LinkedInSignInEvent) => void };
}

// spec §1, §2 Sign in: a Google sign-in option, and sign-in by a LinkedIn account.
export function SocialSignInOptions({ google, linkedin }: SocialSignInOptionsProps) {
  const googleUnavailable = google.snapshot.matches('unavailable');
  const linkedinUnavailable = linkedin.snapshot.matches('unavailable');

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
            onClick={() => google.send({ type: 'google.start' })}
            disabled={!google.snapshot.can({ type: 'google.start' })}
            loading={google.snapshot.hasTag(BUSY_TAG)}
            loadingText="Signing in..."
            aria-describedby={googleUnavailable ? 'google-sign-in-status' : undefined}
          >
            <GoogleIcon />
            Continue with Google
          </Button>
          {googleUnavailable && (
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
            onClick={() => linkedin.send({ type: 'linkedin.start' })}
            disabled={!linkedin.snapshot.can({ type: 'linkedin.start' })}
            loading={linkedin.snapshot.hasTag(BUSY_TAG)}
            loadingText="Redirecting to LinkedIn..."
            aria-describedby={linkedinUnavailable ? 'linkedin-sign-in-status' : undefined}
          >
            <LinkedInIcon />
            Sign in with LinkedIn
          </Button>
          {linkedinUnavailable && (
            <Text id="linkedin-sign-in-status" textStyle="xs" color="fg.muted" textAlign="center">
              {LINKEDIN_NOT_CONFIGURED_MESSAGE}
            </Text>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
