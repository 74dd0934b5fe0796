import { Alert, Box, Button, Container, Grid, GridItem, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n';
import type { ActiveSessionsActor } from '../../machines/profile/active-sessions-machine';
import type { PasskeysActor } from '../../machines/profile/passkeys-machine';
import type { ChangePasswordActor } from '../../machines/profile/change-password-machine';
import type { TwoStepActor } from '../../machines/profile/two-step-machine';
import type { DataDownloadActor } from '../../machines/profile/data-download-machine';
import type { SecurityActivityActor } from '../../machines/profile/security-activity-machine';
import type { ProfileActor } from '../../machines/profile/profile-machine';
import { FullPageSpinner } from '../full-page-spinner';
import { ActiveSessionsCard } from './active-sessions-card';
import { TwoStepCard } from './two-step-card';
import { ChangePasswordCard, CHANGE_PASSWORD_CARD_ID } from './change-password-card';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PasskeysCard } from './passkeys-card';
import { PersonalInformationCard } from './personal-information-card';
import { SecurityActivityCard } from './security-activity-card';
import { SecuritySection } from './security-section';
import { ProfileSummaryCard, QuickActionsCard } from './profile-summary';
import { READING_ARROW } from '../reading-arrow';

export interface ProfileScreenProps {
  profile: ProfileActor;
  changePassword: ChangePasswordActor;
  /** The active-sessions card; absent in screens and tests that do not show it. */
  sessions?: ActiveSessionsActor;
  /** The two-step sign-in card of the Security section; absent in screens and tests that do not show it. */
  twoStep?: TwoStepActor;
  /** 'Download all my data', in Quick Actions and in the delete-account dialog; absent where not offered. */
  dataDownload?: DataDownloadActor;
  /** The security-activity card; absent in screens and tests that do not show it. */
  activity?: SecurityActivityActor;
  /** The Passkeys card of the Security section; absent in screens and tests that do not show it. */
  passkeys?: PasskeysActor;
}

export { DELETE_ACCOUNT_DESCRIPTION, DELETE_ACCOUNT_TITLE } from './delete-account-dialog';

/** docs/behaviour.md#profile-settings (/profile). */
export function ProfileScreen({
  profile,
  changePassword,
  sessions,
  dataDownload,
  activity,
  passkeys,
  twoStep,
}: ProfileScreenProps) {
  const { t } = useT();
  const snapshot = useSelector(profile, (state) => state);
  const passwordPanelOpen = useSelector(changePassword, (state) => !state.matches('closed'));
  const passwordToggle = useRef<HTMLButtonElement>(null);
  const panelWasOpen = useRef(passwordPanelOpen);

  // After a successful change the panel closes under the keyboard: focus goes back to its toggle.
  useEffect(() => {
    const closed = panelWasOpen.current && !passwordPanelOpen;
    panelWasOpen.current = passwordPanelOpen;
    if (closed && (document.activeElement === null || document.activeElement === document.body)) {
      passwordToggle.current?.focus();
    }
  }, [passwordPanelOpen]);

  // On its way to /signin.
  if (snapshot.matches('deleted')) return null;
  if (snapshot.matches('loading')) return <FullPageSpinner text={t('Loading profile...')} />;

  const deletionLinkMessage = snapshot.matches({ loaded: { deletion: 'linkSent' } })
    ? snapshot.context.deletionLinkMessage
    : undefined;

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }}>
      <Stack gap="8">
        <Stack gap="4" align="flex-start">
          <Button asChild variant="ghost" size="sm" marginInlineStart="-2">
            <Link to="/">
              <ArrowLeft aria-hidden className={READING_ARROW} />
              {t('Back to Dashboard')}
            </Link>
          </Button>
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              {t('Profile Settings')}
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {t('Manage your personal information and account security')}
            </Text>
          </Stack>
        </Stack>

        {snapshot.matches('loadFailed') ? (
          <Alert.Root status="error" borderRadius="l3" alignItems="center">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{snapshot.context.loadError && t(snapshot.context.loadError)}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => profile.send({ type: 'profile.retry' })}>
              <RefreshCw aria-hidden />
              {t('Try Again')}
            </Button>
          </Alert.Root>
        ) : (
          <Grid
            templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }}
            gap="6"
            alignItems="start"
          >
            <GridItem>
              <Stack gap="6">
                <ProfileSummaryCard snapshot={snapshot} send={profile.send} />
                <QuickActionsCard
                  passwordPanelOpen={passwordPanelOpen}
                  passwordToggleRef={passwordToggle}
                  passwordPanelId={CHANGE_PASSWORD_CARD_ID}
                  onTogglePasswordPanel={() => changePassword.send({ type: 'panel.toggle' })}
                  onDeleteAccount={() => profile.send({ type: 'account.delete' })}
                  deleteDisabled={!snapshot.can({ type: 'account.delete' })}
                  deletionLinkMessage={deletionLinkMessage}
                  dataDownload={dataDownload}
                />
              </Stack>
            </GridItem>
            <GridItem>
              <Stack gap="6">
                <PersonalInformationCard snapshot={snapshot} send={profile.send} />
                <Box id={CHANGE_PASSWORD_CARD_ID} hidden={!passwordPanelOpen}>
                  {passwordPanelOpen && <ChangePasswordCard actor={changePassword} />}
                </Box>
                {(sessions || activity || passkeys || twoStep) && (
                  <SecuritySection>
                    {twoStep && <TwoStepCard actor={twoStep} />}
                    {passkeys && <PasskeysCard actor={passkeys} />}
                    {sessions && <ActiveSessionsCard actor={sessions} />}
                    {activity && <SecurityActivityCard actor={activity} />}
                  </SecuritySection>
                )}
              </Stack>
            </GridItem>
          </Grid>
        )}
      </Stack>

      <DeleteAccountDialog snapshot={snapshot} send={profile.send} dataDownload={dataDownload} />
    </Container>
  );
}
