import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Heading,
  Input,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Check, Copy, Link2, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { Share } from '../../api/shares';
import {
  chartBars,
  chartSummary,
  dateLabel,
  shareState,
  todayForDateField,
  whenLabel,
  type ShareDraftField,
} from '../../cv/share-links';
import { versionTime } from '../../cv/version-labels';
import { useT } from '../../i18n/i18n';
import { inspectOptions } from '../../machines/inspect';
import {
  COPY_FALLBACK_MESSAGE,
  shareMachine,
  type ShareActor,
  type ShareOpening,
  type ShareSnapshot,
} from '../../machines/sharing/share-machine';
import { msg } from '../../../rules/languages';
import { MAX_SHARE_LABEL_LENGTH, MAX_SHARE_PASSWORD_LENGTH } from '../../../rules/shares';
import { ConfirmDialog } from '../confirm-dialog';
import { PasswordInput } from '../password-input';

// The panel's longer words, in English: shown through `t`.
export const SHARE_PANEL_TITLE = msg('Share by link');
export const SAVE_FIRST_TEXT = msg(
  'Save this CV first: a link shows the CV as it is saved, so there is nothing to share yet.',
);
export const UNSAVED_CHANGES_NOTE = msg(
  'This CV has unsaved changes. Links show it as it was last saved: save to show your changes.',
);
export const NO_LINKS_TEXT = msg(
  'No links yet. Make one for each place you send your CV (“Acme Corp”, “Globex”): you will see which was opened, and you can close one without touching the others.',
);
export const REVOKE_DESCRIPTION = msg(
  'Anyone who opens it will see “This link is no longer available.” Your other links keep working. This cannot be undone.',
);

const copyButtonId = (id: number) => `share-copy-${id}`;
const NEW_LINK_BUTTON_ID = 'share-new-link';

export interface SharePanelProps {
  opening: ShareOpening;
  /** The button that opened the panel: the focus goes back to it. */
  returnFocusTo: string;
  onClosed: () => void;
}

/** One CV's share panel: its machine (src/machines/sharing/share-machine.ts) and its dialog. Loaded on first use. */
export default function SharePanel({ opening, returnFocusTo, onClosed }: SharePanelProps) {
  const { t } = useT();
  const actor = useActorRef(shareMachine, { ...inspectOptions, input: opening });
  const done = useSelector(actor, (snapshot) => snapshot.status === 'done');
  useEffect(() => {
    if (done) onClosed();
  }, [done, onClosed]);
  return (
    <Dialog.Root
      open={!done}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      finalFocusEl={() => document.getElementById(returnFocusTo)}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'share.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="share-panel">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title>{t(SHARE_PANEL_TITLE)}</Dialog.Title>
              <Dialog.Description color="fg.muted" wordBreak="break-word">
                {opening.cvName || t('Untitled CV')}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" minW="11" minH="11" aria-label={t('Close sharing')} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <PanelBody actor={actor} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PanelBody({ actor }: { actor: ShareActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (s) => s);
  if (snapshot.matches('notSaved'))
    return (
      <Stack gap="4">
        <Text>{t(SAVE_FIRST_TEXT)}</Text>
        <Button alignSelf="flex-start" minH="11" onClick={() => actor.send({ type: 'share.close' })}>
          {t('OK')}
        </Button>
      </Stack>
    );
  if (snapshot.matches('loading') || snapshot.matches('checking'))
    return (
      <HStack role="status">
        <Spinner size="sm" /> <Text>{t('Loading links...')}</Text>
      </HStack>
    );
  if (snapshot.matches('unsupported'))
    return <Text>{t('Share links are not available for this CV on this server.')}</Text>;
  if (snapshot.matches('failed'))
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{snapshot.context.problem && t(snapshot.context.problem)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" minH="11" onClick={() => actor.send({ type: 'share.retry' })}>
          {t('Try Again')}
        </Button>
      </Alert.Root>
    );
  return <Ready actor={actor} snapshot={snapshot} />;
}

function Ready({ actor, snapshot }: { actor: ShareActor; snapshot: ShareSnapshot }) {
  const { t, language } = useT();
  const { context } = snapshot;
  const inForm = snapshot.matches({ ready: 'form' });
  const refreshing = snapshot.matches({ ready: 'refreshing' });
  const revoking = snapshot.matches({ ready: 'revoking' });
  const confirming = snapshot.matches({ ready: 'confirmingRevoke' }) || revoking;
  const revokingShare = context.shares.find((share) => share.id === context.revokingId);
  const now = new Date();

  // The link just made: its Copy button takes the focus, ready to send it on.
  useEffect(() => {
    if (context.createdId !== undefined) document.getElementById(copyButtonId(context.createdId))?.focus();
  }, [context.createdId]);

  return (
    <Stack gap="5">
      {context.opening.unsaved && (
        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t(UNSAVED_CHANGES_NOTE)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {context.problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t(context.problem)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {inForm ? (
        <NewLinkForm actor={actor} snapshot={snapshot} />
      ) : (
        <HStack gap="2" flexWrap="wrap">
          <Button
            id={NEW_LINK_BUTTON_ID}
            minH="11"
            disabled={!snapshot.can({ type: 'form.open' })}
            onClick={() => actor.send({ type: 'form.open' })}
          >
            <Plus /> {t('New link')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            loading={refreshing}
            loadingText={t('Refreshing')}
            disabled={!snapshot.can({ type: 'links.refresh' }) && !refreshing}
            onClick={() => actor.send({ type: 'links.refresh' })}
          >
            <RefreshCw /> {t('Refresh counts')}
          </Button>
          {context.refreshedAt && (
            <Text fontSize="sm" color="fg.muted">
              {t('Updated {when}', { when: whenLabel(context.refreshedAt, language) ?? '' })}
            </Text>
          )}
        </HStack>
      )}
      {context.shares.length === 0 ? (
        !inForm && <Text color="fg.muted">{t(NO_LINKS_TEXT)}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('Links of this CV')}>
          {context.shares.map((share) => (
            <ShareItem
              key={share.id}
              share={share}
              actor={actor}
              snapshot={snapshot}
              state={shareState(share, now)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('Revoke this link?')}
        subject={revokingShare?.label}
        description={t(REVOKE_DESCRIPTION)}
        confirmLabel={t('Revoke')}
        destructive
        busy={revoking}
        onConfirm={() => actor.send({ type: 'revoke.confirm' })}
        onCancel={() => actor.send({ type: 'revoke.cancel' })}
      />
    </Stack>
  );
}

function NewLinkForm({ actor, snapshot }: { actor: ShareActor; snapshot: ShareSnapshot }) {
  const { t, language } = useT();
  const { draft, draftProblems, formError, versions } = snapshot.context;
  const creating = snapshot.matches({ ready: { form: 'creating' } });
  const labelRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const change = (field: ShareDraftField) => (value: string) =>
    actor.send({ type: 'form.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  // A refused field takes the focus, the first one from the top.
  const firstProblem = (['label', 'password', 'expiresOn', 'version'] as const).find(
    (field) => draftProblems[field],
  );
  useEffect(() => {
    if (firstProblem) document.getElementById(`${ids}-${firstProblem}`)?.focus();
  }, [firstProblem, ids]);
  useEffect(() => labelRef.current?.focus(), []);
  // 'Version 3 · Sent to Acme, 3 Mar 2026, 14:05'. English keeps versionTime's own 'en-GB' dates; another language
  // writes them its own way.
  const versionOption = (version: (typeof versions)[number]) => {
    const time = versionTime(version.created, language);
    return version.name
      ? t('Version {number} · {name}, {time}', { number: version.number, name: version.name, time })
      : t('Version {number}, {time}', { number: version.number, time });
  };

  return (
    <Stack asChild gap="4" p="4" borderWidth="1px" borderRadius="l3">
      <form aria-labelledby={`${ids}-heading`} noValidate onSubmit={submit}>
        <Heading as="h3" size="md" id={`${ids}-heading`}>
          {t('New link')}
        </Heading>
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t(formError)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root required invalid={!!draftProblems.label} disabled={creating}>
          <Field.Label htmlFor={`${ids}-label`}>
            {t('Label')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={labelRef}
            id={`${ids}-label`}
            minH="11"
            value={draft.label}
            maxLength={MAX_SHARE_LABEL_LENGTH * 2}
            placeholder={t('Acme Corp')}
            autoComplete="off"
            onChange={(event) => change('label')(event.currentTarget.value)}
          />
          <Field.HelperText>{t('Who the link is for: each link counts its own views.')}</Field.HelperText>
          {draftProblems.label && <Field.ErrorText>{t(draftProblems.label)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!draftProblems.password} disabled={creating}>
          <Field.Label htmlFor={`${ids}-password`}>{t('Password (optional)')}</Field.Label>
          <PasswordInput
            id={`${ids}-password`}
            minH="11"
            value={draft.password}
            maxLength={MAX_SHARE_PASSWORD_LENGTH}
            autoComplete="new-password"
            onValueChange={change('password')}
          />
          <Field.HelperText>{t('Only people you give the password to see the CV.')}</Field.HelperText>
          {draftProblems.password && <Field.ErrorText>{t(draftProblems.password)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!draftProblems.expiresOn} disabled={creating}>
          <Field.Label htmlFor={`${ids}-expiresOn`}>{t('Expires (optional)')}</Field.Label>
          <Input
            id={`${ids}-expiresOn`}
            type="date"
            minH="11"
            value={draft.expiresOn}
            min={todayForDateField(new Date())}
            onChange={(event) => change('expiresOn')(event.currentTarget.value)}
          />
          <Field.HelperText>
            {t('The link stops working after this day. Empty: it works until you revoke it.')}
          </Field.HelperText>
          {draftProblems.expiresOn && <Field.ErrorText>{t(draftProblems.expiresOn)}</Field.ErrorText>}
        </Field.Root>
        {versions.length > 0 && (
          <Field.Root invalid={!!draftProblems.version} disabled={creating}>
            <Field.Label htmlFor={`${ids}-version`}>{t('Version shown')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={`${ids}-version`}
                minH="11"
                value={draft.version}
                onChange={(event) => change('version')(event.currentTarget.value)}
              >
                <option value="">{t('The latest saved version (follows your saves)')}</option>
                {versions.map((version) => (
                  <option key={version.number} value={String(version.number)}>
                    {versionOption(version)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {draftProblems.version && <Field.ErrorText>{t(draftProblems.version)}</Field.ErrorText>}
          </Field.Root>
        )}
        <HStack gap="2" flexWrap="wrap">
          <Button type="submit" minH="11" loading={creating} loadingText={t('Creating link')}>
            <Link2 /> {t('Create link')}
          </Button>
          <Button
            type="button"
            variant="outline"
            minH="11"
            disabled={creating}
            onClick={() => actor.send({ type: 'form.cancel' })}
          >
            {t('Cancel')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

interface ShareItemProps {
  share: Share;
  actor: ShareActor;
  snapshot: ShareSnapshot;
  state: ReturnType<typeof shareState>;
}

function ShareItem({ share, actor, snapshot, state }: ShareItemProps) {
  const { t, language } = useT();
  const { context } = snapshot;
  const headingId = useId();
  const live = state === 'live';
  const justMade = context.createdId === share.id;
  const copied = context.copiedId === share.id;
  const copyRefused = context.copyFallbackId === share.id;
  const fallbackRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (copyRefused) fallbackRef.current?.select();
  }, [copyRefused]);

  return (
    <Box
      as="li"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      borderColor={justMade ? 'teal.solid' : undefined}
      bg={live ? undefined : 'bg.muted'}
      aria-labelledby={headingId}
      data-testid="share-link"
      data-label={share.label}
    >
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap" align="baseline">
          <Heading as="h3" size="md" id={headingId} wordBreak="break-word">
            {share.label}
          </Heading>
          {state === 'revoked' && (
            <Badge colorPalette="red" variant="subtle">
              {t('Revoked')}
            </Badge>
          )}
          {state === 'expired' && (
            <Badge colorPalette="orange" variant="subtle">
              {t('Expired')}
            </Badge>
          )}
          {share.hasPassword && <Badge variant="subtle">{t('Password')}</Badge>}
          {share.expiresAt && live && (
            <Badge variant="subtle">
              {t('Expires {date}', { date: dateLabel(share.expiresAt, language) ?? '' })}
            </Badge>
          )}
          <Badge variant="outline">
            {share.version === null
              ? t('Latest saved version')
              : t('Version {number}', { number: share.version })}
          </Badge>
        </HStack>
        {justMade && (
          <Text role="status" fontSize="sm" color="fg.success">
            {t('Link created. Copy it and send it to {label}.', { label: share.label })}
          </Text>
        )}
        {live &&
          (copyRefused ? (
            <Field.Root>
              <Field.Label htmlFor={`share-url-${share.id}`}>{t('Link address')}</Field.Label>
              <Input
                ref={fallbackRef}
                id={`share-url-${share.id}`}
                readOnly
                minH="11"
                value={share.url}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Field.HelperText role="alert">{t(COPY_FALLBACK_MESSAGE)}</Field.HelperText>
            </Field.Root>
          ) : (
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="share-url">
              {share.url}
            </Text>
          ))}
        <Box
          as="dl"
          display="grid"
          gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
          gap="3"
          fontSize="sm"
        >
          <Stat label={t('Views')} value={String(share.views)} testId="share-views" />
          <Stat label={t('Downloads')} value={String(share.downloads)} testId="share-downloads" />
          <Stat label={t('Created')} value={whenLabel(share.created, language) ?? '—'} />
          <Stat label={t('Last viewed')} value={whenLabel(share.lastViewed, language) ?? t('Not yet')} />
          {share.revokedAt && (
            <Stat label={t('Revoked')} value={whenLabel(share.revokedAt, language) ?? '—'} />
          )}
        </Box>
        <DailyChart share={share} />
        {live && (
          <HStack gap="2" flexWrap="wrap">
            <Button
              id={copyButtonId(share.id)}
              size="sm"
              minH="11"
              variant={justMade ? 'solid' : 'outline'}
              aria-label={t('Copy the link for {label}', { label: share.label })}
              onClick={() => actor.send({ type: 'link.copy', id: share.id })}
            >
              {copied ? <Check /> : <Copy />} {copied ? t('Copied') : t('Copy link')}
            </Button>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              colorPalette="red"
              aria-label={t('Revoke the link for {label}', { label: share.label })}
              disabled={!snapshot.can({ type: 'link.revoke', id: share.id })}
              onClick={() => actor.send({ type: 'link.revoke', id: share.id })}
            >
              <Trash2 /> {t('Revoke')}
            </Button>
            <VisuallyHidden aria-live="polite">
              {copied ? t('Link for {label} copied.', { label: share.label }) : ''}
            </VisuallyHidden>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box minW="0">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

const BAR = 8;
const GAP = 2;
const CHART_HEIGHT = 48;

/** The last 30 days as bars (views, downloads stacked on them), with the same in words for screen readers. */
function DailyChart({ share }: { share: Share }) {
  const { t, language } = useT();
  const summaryId = useId();
  if (share.daily.length === 0) return null;
  const bars = chartBars(share.daily);
  const width = bars.length * (BAR + GAP) - GAP;
  const summary = chartSummary(share.daily, language)
    .map((sentence) => t(sentence))
    .join(' ');
  return (
    <Stack gap="1">
      <svg
        role="img"
        aria-labelledby={summaryId}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        width="100%"
        height={CHART_HEIGHT}
        preserveAspectRatio="none"
        data-testid="share-chart"
      >
        {bars.map((bar, index) => {
          const x = index * (BAR + GAP);
          const viewsHeight = bar.viewsHeight * (CHART_HEIGHT - 1);
          const downloadsHeight = bar.downloadsHeight * (CHART_HEIGHT - 1);
          return (
            <g key={bar.date}>
              <title>
                {t(
                  '{date}: {views, plural, one {{views} view} other {{views} views}}, {downloads, plural, one {{downloads} download} other {{downloads} downloads}}',
                  { date: bar.date, views: bar.views, downloads: bar.downloads },
                )}
              </title>
              {/* A hairline marks each day, so an empty month still reads as a chart. */}
              <rect
                x={x}
                y={CHART_HEIGHT - 1}
                width={BAR}
                height={1}
                style={{ fill: 'var(--chakra-colors-border)' }}
              />
              <rect
                x={x}
                y={CHART_HEIGHT - 1 - viewsHeight}
                width={BAR}
                height={viewsHeight}
                style={{ fill: 'var(--chakra-colors-teal-solid)' }}
              />
              <rect
                x={x}
                y={CHART_HEIGHT - 1 - viewsHeight - downloadsHeight}
                width={BAR}
                height={downloadsHeight}
                style={{ fill: 'var(--chakra-colors-orange-solid)' }}
              />
            </g>
          );
        })}
      </svg>
      <HStack gap="3" fontSize="xs" color="fg.muted" flexWrap="wrap" align="flex-start">
        {/* The key repeats what the words below say: screen readers read the words. */}
        <HStack gap="3" flexShrink={0} aria-hidden>
          <HStack gap="1">
            <Box w="2.5" h="2.5" borderRadius="sm" bg="teal.solid" /> {t('Views')}
          </HStack>
          <HStack gap="1">
            <Box w="2.5" h="2.5" borderRadius="sm" bg="orange.solid" /> {t('Downloads')}
          </HStack>
        </HStack>
        <Text id={summaryId} flex="1 1 14rem">
          {summary}
        </Text>
      </HStack>
    </Stack>
  );
}
