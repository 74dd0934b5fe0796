import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowLeft, Eye, FileDown, GitCompare, History, RotateCcw } from 'lucide-react';
import type { CvVersion } from '../../api/versions';
import { REASON_LABELS, deliveryText, versionTime, versionTitle } from '../../cv/version-labels';
import { isSameContent, say, type SectionChanges, type Words } from '../../cv/version-diff';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import type { VersionsActor, VersionsSnapshot } from '../../machines/versions/versions-machine';
import { ConfirmDialog } from '../confirm-dialog';
import { pageNonce, withStyleNonce } from '../csp-nonce';
import { useReturnFocus } from '../return-focus';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';
import { READING_ARROW } from '../reading-arrow';

export const VERSIONS_BUTTON_ID = 'versions-button';
export const RESTORE_AFTER_SAVE_TEXT = msg('Save or undo your changes before restoring a version.');

const versionsOf = (snapshot: ReturnType<BuilderActor['getSnapshot']>) =>
  snapshot.children.versions as VersionsActor | undefined;

/** The builder header's 'Versions' button: the saved CV's versions, once it is saved. */
export function VersionsButton({ builder }: { builder: BuilderActor }) {
  const versions = useSelector(builder, versionsOf);
  const cv = useSelector(builder, (snapshot) => snapshot.context.cv);
  const unsaved = useSelector(builder, (snapshot) => snapshot.context.unsaved);
  const reference = cv.uuid ?? cv.id;
  const { t } = useT();
  return (
    <Button
      id={VERSIONS_BUTTON_ID}
      variant="outline"
      size="sm"
      minH="11"
      disabled={!versions || reference === undefined}
      title={reference === undefined ? t('Save your CV to keep versions of it') : undefined}
      aria-haspopup="dialog"
      onClick={() =>
        reference !== undefined &&
        versions?.send({ type: 'versions.open', cv: reference, cvName: cv.name, unsaved })
      }
    >
      <History /> {t('Versions')}
    </Button>
  );
}

/** The versions of the CV, as the versions machine (src/machines/versions/) has them. */
export function VersionsDialog({ builder }: { builder: BuilderActor }) {
  const versions = useSelector(builder, versionsOf);
  const templates = useSelector(builder, (snapshot) => snapshot.context.templates);
  const open = useSelector(versions, (snapshot) => snapshot?.matches('open') ?? false);
  const { t } = useT();
  useReturnFocus(open, VERSIONS_BUTTON_ID);
  // Mounted only while open: a closed dialog leaves nothing on the page (no layer, no scroll lock) beside the
  // builder's own dialogs.
  if (!versions || !open) return null;
  // A template's own name, said in the interface's language.
  const templateName = (id: number) => {
    const name = templates.find((template) => template.id === id)?.name;
    return name !== undefined ? t(name) : t('Template {id}', { id });
  };
  return (
    <Dialog.Root
      open
      size={{ base: 'full', md: 'cover' }}
      placement="center"
      scrollBehavior="inside"
      finalFocusEl={() => document.getElementById(VERSIONS_BUTTON_ID)}
      onOpenChange={(details) => {
        if (!details.open) versions.send({ type: 'versions.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="versions-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('Versions')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" aria-label={t('Close versions')} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <VersionsBody versions={versions} templateName={templateName} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface BodyProps {
  versions: VersionsActor;
  templateName: (id: number) => string;
}

function VersionsBody({ versions, templateName }: BodyProps) {
  const snapshot = useSelector(versions, (s) => s);
  const { t } = useT();
  if (snapshot.matches({ open: 'loading' }))
    return (
      <HStack role="status">
        <Spinner size="sm" /> <Text>{t('Loading versions...')}</Text>
      </HStack>
    );
  if (snapshot.matches({ open: 'unsupported' }))
    return <Text>{t('Versions are not kept for this CV on this server.')}</Text>;
  if (snapshot.matches({ open: 'failed' }))
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{snapshot.context.error && t(snapshot.context.error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" minH="11" onClick={() => versions.send({ type: 'versions.retry' })}>
          {t('Try Again')}
        </Button>
      </Alert.Root>
    );
  if (snapshot.matches({ open: 'viewing' })) return <ViewedVersion versions={versions} snapshot={snapshot} />;
  if (snapshot.matches({ open: 'comparing' })) return <Comparison versions={versions} snapshot={snapshot} />;
  return <VersionList versions={versions} snapshot={snapshot} templateName={templateName} />;
}

function BackButton({ versions }: { versions: VersionsActor }) {
  const { t } = useT();
  return (
    <Button
      variant="ghost"
      minH="11"
      alignSelf="start"
      onClick={() => versions.send({ type: 'versions.back' })}
    >
      <ArrowLeft className={READING_ARROW} /> {t('Back to versions')}
    </Button>
  );
}

function VersionList({ versions, snapshot, templateName }: BodyProps & { snapshot: VersionsSnapshot }) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const restoring =
    snapshot.matches({ open: 'restoring' }) || snapshot.matches({ open: 'confirmingRestore' });
  const canCompare = snapshot.can({ type: 'versions.compare' });
  const canRestore = !context.opening?.unsaved;
  const { t } = useT();
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t('Every save keeps a version. Name one to keep it for ever; tick two to compare them.')}
      </Text>
      {!canRestore && (
        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Description>{t(RESTORE_AFTER_SAVE_TEXT)}</Alert.Description>
        </Alert.Root>
      )}
      <HStack>
        <Button minH="11" disabled={!canCompare} onClick={() => versions.send({ type: 'versions.compare' })}>
          <GitCompare /> {t('Compare selected')}
        </Button>
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {context.selected.length === 2
            ? t('Version {first} and version {second}', {
                first: Math.min(...context.selected),
                second: Math.max(...context.selected),
              })
            : t('{count} of 2 selected', { count: context.selected.length })}
        </Text>
      </HStack>
      {context.versions.length === 0 && <Text>{t('No versions yet: the next save keeps one.')}</Text>}
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t('Versions of this CV')}>
        {context.versions.map((version) => (
          <VersionItem
            key={version.number}
            version={version}
            versions={versions}
            templateName={templateName(version.template)}
            selected={context.selected.includes(version.number)}
            busy={busy}
            canRestore={canRestore}
            latest={version.number === context.versions[0]?.number}
          />
        ))}
      </Stack>
      <ConfirmDialog
        open={restoring}
        busy={snapshot.matches({ open: 'restoring' })}
        title={t('Restore version {number}?', { number: context.busyNumber ?? '' })}
        description={t(
          'It becomes your CV again, saved as a new version. Nothing is overwritten: every version stays in this list.',
        )}
        confirmLabel={t('Restore')}
        onConfirm={() => versions.send({ type: 'restore.confirm' })}
        onCancel={() => versions.send({ type: 'restore.cancel' })}
      />
    </Stack>
  );
}

interface ItemProps {
  version: CvVersion;
  versions: VersionsActor;
  templateName: string;
  selected: boolean;
  busy: boolean;
  canRestore: boolean;
  latest: boolean;
}

function VersionItem({ version, versions, templateName, selected, busy, canRestore, latest }: ItemProps) {
  const nameId = `version-name-${version.number}`;
  const rename = (value: string) =>
    versions.send({ type: 'version.rename', number: version.number, name: value });
  const { t, language } = useT();
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid={`version-${version.number}`}>
      <Stack gap="2">
        <Flex gap="3" wrap="wrap" align="center">
          <Checkbox.Root
            checked={selected}
            onCheckedChange={() => versions.send({ type: 'version.select', number: version.number })}
            minH="11"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <Heading as="h3" size="sm">
                {t(versionTitle(version))}
              </Heading>
            </Checkbox.Label>
          </Checkbox.Root>
          <Badge colorPalette="gray">{t(REASON_LABELS[version.reason])}</Badge>
          {latest && <Badge colorPalette="green">{t('Current')}</Badge>}
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          {versionTime(version.created, language)} · {templateName}
        </Text>
        {version.deliveries.length > 0 && (
          <Text textStyle="sm" data-testid={`version-${version.number}-deliveries`}>
            {version.deliveries.map((delivery) => t(deliveryText(delivery, undefined, language))).join(' · ')}
          </Text>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rename(String(new FormData(event.currentTarget).get('name') ?? ''));
          }}
        >
          <Field.Root>
            <Field.Label htmlFor={nameId} srOnly>
              {t('Name of version {number}', { number: version.number })}
            </Field.Label>
            <HStack>
              <Input
                id={nameId}
                name="name"
                key={version.name ?? ''}
                defaultValue={version.name ?? ''}
                placeholder={t('Name this version, e.g. Sent to Acme')}
                maxLength={100}
                minH="11"
                onBlur={(event) => rename(event.currentTarget.value)}
              />
              <Button type="submit" variant="outline" minH="11" disabled={busy}>
                {t('Save name')}
              </Button>
            </HStack>
          </Field.Root>
        </form>
        <Flex gap="2" wrap="wrap">
          <Button
            variant="outline"
            minH="11"
            disabled={busy}
            onClick={() => versions.send({ type: 'version.view', number: version.number })}
            aria-label={t('Open version {number}', { number: version.number })}
          >
            <Eye /> {t('Open')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={busy || !canRestore || latest}
            onClick={() => versions.send({ type: 'version.restore', number: version.number })}
            aria-label={t('Restore version {number}', { number: version.number })}
          >
            <RotateCcw /> {t('Restore')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={busy}
            onClick={() => versions.send({ type: 'version.download', number: version.number, format: 'pdf' })}
            aria-label={t('Download version {number} as PDF', { number: version.number })}
          >
            <FileDown /> {t('PDF')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={busy}
            onClick={() =>
              versions.send({ type: 'version.download', number: version.number, format: 'word' })
            }
            aria-label={t('Download version {number} as Word', { number: version.number })}
          >
            <FileDown /> {t('Word')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}

function ViewedVersion({ versions, snapshot }: { versions: VersionsActor; snapshot: VersionsSnapshot }) {
  const viewed = snapshot.context.viewed;
  const { t, language } = useT();
  return (
    <Stack gap="3" h="full">
      <BackButton versions={versions} />
      {snapshot.matches({ open: { viewing: 'opening' } }) && (
        <HStack role="status">
          <Spinner size="sm" />{' '}
          <Text>{t('Opening version {number}...', { number: snapshot.context.busyNumber ?? '' })}</Text>
        </HStack>
      )}
      {snapshot.matches({ open: { viewing: 'failed' } }) && (
        <Text role="alert">{snapshot.context.error && t(snapshot.context.error)}</Text>
      )}
      {viewed && (
        <>
          <Heading as="h3" size="md">
            {t('{title} (read only)', { title: t(versionTitle(viewed.version)) })}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {versionTime(viewed.version.created, language)} ·{' '}
            {viewed.templateName !== undefined
              ? t(viewed.templateName)
              : t('Template {id}', { id: viewed.version.template })}
          </Text>
          <Box flex="1" minH="70vh" borderWidth="1px">
            <iframe
              title={t('Preview of version {number}', { number: viewed.version.number })}
              sandbox=""
              srcDoc={withStyleNonce(viewed.html, pageNonce())}
              data-testid="version-preview"
              style={{ width: '100%', height: '100%', minHeight: '70vh', border: 0, background: 'white' }}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}

function ChangesTable({ changes, from, to }: { changes: SectionChanges; from: number; to: number }) {
  const { t } = useT();
  const said = (words: Words | undefined) => (words === undefined ? '—' : say(words, t));
  const rows = [
    ...changes.changed.map((change) => ({ kind: msg('Changed'), ...change })),
    ...changes.added.map((change) => ({ kind: msg('Added'), ...change })),
    ...changes.removed.map((change) => ({ kind: msg('Removed'), ...change })),
  ].map((row) => ({ kind: row.kind, field: say(row.field, t), from: said(row.from), to: said(row.to) }));
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" tableLayout="fixed">
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" py="2">
          {say(changes.section, t)}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="20%">{t('Field')}</Table.ColumnHeader>
            <Table.ColumnHeader w="12%">{t('Change')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Version {number}', { number: from })}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Version {number}', { number: to })}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={`${row.kind}-${row.field}`}>
              <Table.Cell>{row.field}</Table.Cell>
              <Table.Cell>{t(row.kind)}</Table.Cell>
              <Table.Cell whiteSpace="pre-wrap" overflowWrap="anywhere">
                {row.from}
              </Table.Cell>
              <Table.Cell whiteSpace="pre-wrap" overflowWrap="anywhere">
                {row.to}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ChangeList({ title, lines }: { title: string; lines: Words[] }) {
  const { t } = useT();
  if (lines.length === 0) return null;
  return (
    <Stack gap="1">
      <Heading as="h4" size="sm">
        {title}
      </Heading>
      <Stack as="ul" ps="5" gap="1">
        {lines
          .map((line) => say(line, t))
          .map((line) => (
            <li key={line}>{line}</li>
          ))}
      </Stack>
    </Stack>
  );
}

function Comparison({ versions, snapshot }: { versions: VersionsActor; snapshot: VersionsSnapshot }) {
  const compared = snapshot.context.compared;
  const { t } = useT();
  return (
    <Stack gap="4" data-testid="version-comparison">
      <BackButton versions={versions} />
      {compared && (
        <Heading as="h3" size="md">
          {t('Version {from} compared with version {to}', { from: compared.from, to: compared.to })}
        </Heading>
      )}
      {snapshot.matches({ open: { comparing: 'loading' } }) && (
        <HStack role="status">
          <Spinner size="sm" /> <Text>{t('Comparing...')}</Text>
        </HStack>
      )}
      {snapshot.matches({ open: { comparing: 'failed' } }) && (
        <Text role="alert">{snapshot.context.error && t(snapshot.context.error)}</Text>
      )}
      {compared && snapshot.matches({ open: { comparing: 'shown' } }) && (
        <>
          {isSameContent(compared.comparison) && <Text>{t('These two versions hold the same CV.')}</Text>}
          {compared.comparison.template && (
            <Text>
              {t('Template: {from} → {to}', {
                from: say(compared.comparison.template.from, t),
                to: say(compared.comparison.template.to, t),
              })}
            </Text>
          )}
          {compared.comparison.sections.map((changes) => (
            <ChangesTable
              key={JSON.stringify(changes.section)}
              changes={changes}
              from={compared.from}
              to={compared.to}
            />
          ))}
          <ChangeList title={t('Layout changes')} lines={compared.comparison.layout} />
          <ChangeList title={t('Design changes')} lines={compared.comparison.design} />
        </>
      )}
    </Stack>
  );
}
