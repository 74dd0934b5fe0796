import { Alert, Avatar, Badge, Button, Card, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BadgeCheck, Camera, KeyRound, Trash2 } from 'lucide-react';
import { useId, useRef, type ChangeEvent, type Ref } from 'react';
import type { Message } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import type { DataDownloadActor } from '../../machines/profile/data-download-machine';
import { initialsOf, type ProfileEvent, type ProfileSnapshot } from '../../machines/profile/profile-machine';
import { DataDownloadControl } from './data-download';

interface ProfileCardProps {
  snapshot: ProfileSnapshot;
  send: (event: ProfileEvent) => void;
}

/** The avatar shown now: the picked image while editing, else the one kept from the last save. */
function avatarImage(snapshot: ProfileSnapshot): string | undefined {
  const { avatarDraft, avatarPreview } = snapshot.context;
  return snapshot.matches({ loaded: { details: 'viewing' } }) ? avatarPreview : avatarDraft;
}

/**
 * docs/behaviour.md#profile-settings: avatar with initials, full name, email and the 'Verified Account' badge.
 * While editing, an image picker (any image type) changes the avatar preview; the image stays in the browser
 * and is never uploaded.
 */
export function ProfileSummaryCard({ snapshot, send }: ProfileCardProps) {
  const { t } = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const profile = snapshot.context.profile;
  const fullName = profile?.full_name ?? '';
  const editing = snapshot.matches({ loaded: { details: 'editing' } });
  const image = avatarImage(snapshot);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && file.type.startsWith('image/'))
      send({ type: 'avatar.select', url: URL.createObjectURL(file) });
  }

  return (
    <Card.Root variant="outline" borderRadius="l3" as="section" aria-label={t('Your account')}>
      <Card.Body>
        <Stack align="center" gap="4" textAlign="center">
          <Avatar.Root
            size="2xl"
            boxSize="24"
            colorPalette="teal"
            fontSize="2xl"
            data-testid="profile-avatar"
            aria-label={fullName ? t('Avatar of {name}', { name: fullName }) : t('Avatar of user')}
            role="img"
          >
            <Avatar.Fallback>{initialsOf(fullName)}</Avatar.Fallback>
            {image && <Avatar.Image src={image} alt="" />}
          </Avatar.Root>
          {editing && (
            <Stack gap="1" align="center">
              <Button
                size="xs"
                variant="outline"
                aria-describedby={hintId}
                onClick={() => fileInput.current?.click()}
              >
                <Camera aria-hidden />
                {t('Change photo')}
              </Button>
              <VisuallyHidden>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  aria-label={t('Choose a profile photo')}
                  tabIndex={-1}
                  onChange={pick}
                />
              </VisuallyHidden>
              <Text id={hintId} textStyle="xs" color="fg.muted">
                {t('Preview only: the photo stays on this device.')}
              </Text>
            </Stack>
          )}
          <Stack gap="1" align="center" minW="0" maxW="full">
            <Text as="h2" textStyle="xl" fontWeight="semibold" wordBreak="break-word">
              {fullName}
            </Text>
            <Text color="fg.muted" textStyle="sm" wordBreak="break-all">
              {profile?.email}
            </Text>
          </Stack>
          <Badge colorPalette="green" variant="subtle" size="md" gap="1">
            <BadgeCheck aria-hidden size="14" />
            {t('Verified Account')}
          </Badge>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export interface QuickActionsCardProps {
  passwordPanelOpen: boolean;
  passwordPanelId: string;
  passwordToggleRef?: Ref<HTMLButtonElement>;
  onTogglePasswordPanel: () => void;
  onDeleteAccount: () => void;
  deleteDisabled: boolean;
  /** Shown once a link completing the deletion was mailed (accounts without a password). */
  deletionLinkMessage?: Message;
  /** 'Download all my data'; absent in screens and tests that do not offer it. */
  dataDownload?: DataDownloadActor;
}

export function QuickActionsCard({
  passwordPanelOpen,
  passwordPanelId,
  passwordToggleRef,
  onTogglePasswordPanel,
  onDeleteAccount,
  deleteDisabled,
  deletionLinkMessage,
  dataDownload,
}: QuickActionsCardProps) {
  const { t } = useT();
  return (
    <Card.Root variant="outline" borderRadius="l3" as="section" aria-labelledby="quick-actions-title">
      <Card.Header>
        <Card.Title id="quick-actions-title" as="h2">
          {t('Quick Actions')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Button
            ref={passwordToggleRef}
            variant={passwordPanelOpen ? 'subtle' : 'outline'}
            justifyContent="flex-start"
            aria-expanded={passwordPanelOpen}
            aria-controls={passwordPanelId}
            onClick={onTogglePasswordPanel}
          >
            <KeyRound aria-hidden />
            {t('Change Password')}
          </Button>
          {dataDownload && <DataDownloadControl actor={dataDownload} />}
          <Button
            variant="outline"
            colorPalette="red"
            justifyContent="flex-start"
            onClick={onDeleteAccount}
            disabled={deleteDisabled}
          >
            <Trash2 aria-hidden />
            {t('Delete Account')}
          </Button>
          {deletionLinkMessage && (
            <Alert.Root status="info" variant="subtle" borderRadius="l2" role="status">
              <Alert.Indicator />
              <Alert.Description>{t(deletionLinkMessage)}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
