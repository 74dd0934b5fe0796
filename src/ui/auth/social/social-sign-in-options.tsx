import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { BUSY_TAG } from '../../../machines/auth-flow';
import type { GoogleSignInEvent, GoogleSignInSnapshot } from '../../../machines/google-sign-in-machine';
import type {
  LinkedInSignInEvent,
  LinkedInSignInSnapshot,
} from '../../../machines/linkedin-sign-in-machine';
import type { ReactNode } from 'react';
import { GoogleIcon } from '../google-icon';
import { LinkedInIcon } from './linkedin-icon';

export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured';
export const LINKEDIN_NOT_CONFIGURED_MESSAGE = 'LinkedIn sign-in is not configured';

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

const WAITING: OptionState = { enabled: false, busy: false, unavailable: false, onStart: () => undefined };

/** The same buttons, disabled, while the options' code loads (a chunk of its own: /signin paints without it). */
export function SocialSignInPlaceholder() {
  return <SocialSignInButtons google={WAITING} linkedin={WAITING} />;
}

/** The options below the sign-in form, after an 'or': Google, and LinkedIn when given. */
export function SocialSignInButtons({ google, linkedin }: { google: OptionState; linkedin?: OptionState }) {
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
        <SocialOption
          id="google-sign-in-status"
          option={google}
          icon={<GoogleIcon />}
          label="Continue with Google"
          loadingText="Signing in..."
          unavailableText={GOOGLE_NOT_CONFIGURED_MESSAGE}
        />
        {linkedin && (
          <SocialOption
            id="linkedin-sign-in-status"
            option={linkedin}
            icon={<LinkedInIcon />}
            label="Sign in with LinkedIn"
            loadingText="Redirecting to LinkedIn..."
            unavailableText={LINKEDIN_NOT_CONFIGURED_MESSAGE}
          />
        )}
      </Stack>
    </Stack>
  );
}

interface SocialOptionProps {
  /** The id of the line that says the option is not configured (the button is described by it). */
  id: string;
  option: OptionState;
  icon: ReactNode;
  label: string;
  loadingText: string;
  unavailableText: string;
}

function SocialOption({ id, option, icon, label, loadingText, unavailableText }: SocialOptionProps) {
  return (
    <Stack gap="2">
      <Button
        type="button"
        variant="outline"
        width="full"
        size="lg"
        onClick={option.onStart}
        disabled={!option.enabled}
        loading={option.busy}
        loadingText={loadingText}
        aria-describedby={option.unavailable ? id : undefined}
      >
        {icon}
        {label}
      </Button>
      {option.unavailable && (
        <Text id={id} textStyle="xs" color="fg.muted" textAlign="center">
          {unavailableText}
        </Text>
      )}
    </Stack>
  );
}
