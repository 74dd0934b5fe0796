import {
  Box,
  Button,
  Center,
  EmptyState,
  Flex,
  HStack,
  Heading,
  Image,
  NativeSelect,
  SegmentGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FileText, Palette, TriangleAlert } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { AtsView } from './ats-view';
import { PagedPreview } from './paged-preview';
import { zoomOf, type PreviewViewActor } from '../../machines/builder/preview-view-machine';
import { DESIGN_PANEL_ID, DesignPanel } from './design-panel';
import type { DesignPanelActor } from '../../machines/builder/design-panel-machine';
import {
  PREVIEW_LOADING_TAG,
  type PreviewActor,
  type PreviewMode,
} from '../../machines/builder/preview-machine';
import { useT } from '../../i18n/i18n';

// The formats' own names: the same in every language.
const MODES: { value: PreviewMode; label: string }[] = [
  { value: 'html', label: 'HTML' },
  { value: 'pdf', label: 'PDF' },
  // The text an applicant tracking system reads from the PDF, and a checklist.
  { value: 'ats', label: 'ATS' },
];

/**
 * The viewer's open parameters (Adobe's 'PDF open parameters', which Chromium's and Firefox's viewers read): no side
 * panel of thumbnails, the page as wide as the pane.
 */
const PDF_VIEW = '#navpanes=0&pagemode=none&view=FitH';

/**
 * The PDF in an embedded viewer. The object URL lives as long as this PDF is shown, and is given back after.
 * `title` is in the interface's language; 'CV preview (PDF)' when left out.
 */
export function PdfViewer({ pdf, title }: { pdf: Blob; title?: string }) {
  const { t } = useT();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(pdf);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf]);
  if (!url) return null;
  return (
    <object
      data={`${url}${PDF_VIEW}`}
      type="application/pdf"
      title={title ?? t('CV preview (PDF)')}
      data-testid="pdf-preview"
      style={{ width: '100%', height: '100%', border: 0 }}
    >
      <Center h="full" p="6">
        <Text textStyle="sm">
          {t('Your browser cannot show the PDF here.')}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('Open the PDF')}
          </a>
        </Text>
      </Center>
    </object>
  );
}

function TemplateSwitcher({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const templates = useSelector(builder, (snapshot) => snapshot.context.templates);
  const current = useSelector(builder, (snapshot) => snapshot.context.cv.template);
  const switching = useSelector(builder, (snapshot) => snapshot.hasTag('switching'));
  if (templates.length === 0) return null;
  return (
    <NativeSelect.Root
      size={{ base: 'lg', md: 'sm' }}
      width="auto"
      minW="40"
      flex={{ base: '1 1 100%', md: '0 0 auto' }}
      disabled={switching}
    >
      <NativeSelect.Field
        aria-label={t('Template')}
        value={String(current)}
        onChange={(event) =>
          builder.send({ type: 'template.switch', templateId: Number(event.currentTarget.value) })
        }
      >
        {!templates.some((template) => template.id === current) && (
          <option value={String(current)}>{t('Current template')}</option>
        )}
        {templates.map((template) => (
          <option key={template.id} value={String(template.id)}>
            {t(template.name)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function PreviewBody({ preview, view }: { preview: PreviewActor; view?: PreviewViewActor }) {
  const { t } = useT();
  const zoom = useSelector(view, zoomOf);
  const result = useSelector(preview, (snapshot) => snapshot.context.result);
  const failed = useSelector(preview, (snapshot) => snapshot.matches('failed'));
  const error = useSelector(preview, (snapshot) => snapshot.context.error);
  const generating = useSelector(preview, (snapshot) => snapshot.matches('generating'));
  const waiting = useSelector(preview, (snapshot) => snapshot.hasTag(PREVIEW_LOADING_TAG));

  if (failed) {
    return (
      <Center h="full" p="6">
        <Stack align="center" gap="3" textAlign="center" role="alert" maxW="sm">
          <TriangleAlert size={32} color="var(--chakra-colors-fg-error)" />
          <Heading as="h3" size="md">
            {t('Preview Error')}
          </Heading>
          {error && (
            <Text color="fg.muted" textStyle="sm">
              {t(error)}
            </Text>
          )}
          <Button size="sm" onClick={() => preview.send({ type: 'preview.retry' })}>
            {t('Try Again')}
          </Button>
        </Stack>
      </Center>
    );
  }

  if (!result) {
    return (
      <Center h="full" role="status" aria-live="polite">
        <Stack align="center" gap="3">
          <Spinner size="lg" color="colorPalette.solid" />
          <Text color="fg.muted" textStyle="sm">
            {t('Generating preview...')}
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Box position="relative" h="full" aria-busy={waiting}>
      {generating && (
        <HStack
          position="absolute"
          top="2"
          insetEnd="2"
          zIndex="1"
          gap="2"
          bg="bg.panel"
          px="2.5"
          py="1"
          borderRadius="full"
          shadow="sm"
          role="status"
          aria-live="polite"
        >
          <Spinner size="xs" />
          <Text textStyle="xs">{t('Generating preview...')}</Text>
        </HStack>
      )}
      {result.kind === 'html' && (
        <PagedPreview
          html={result.html}
          zoom={zoom}
          onZoom={(next) => view?.send({ type: 'zoom.set', zoom: next })}
        />
      )}
      {result.kind === 'pdf' && <PdfViewer pdf={result.pdf} />}
      {result.kind === 'ats' && <AtsView report={result.report} />}
      {result.kind === 'template' && (
        // It scrolls when the pane is short: the keyboard can scroll it too (axe: scrollable-region-focusable).
        <EmptyState.Root
          h="full"
          overflowY="auto"
          tabIndex={0}
          role="region"
          aria-label={t('Template preview')}
        >
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FileText />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>{t('No Preview Available')}</EmptyState.Title>
              <EmptyState.Description>
                {t('Start filling out the CV sections to see a preview')}
              </EmptyState.Description>
            </Stack>
            {result.iconUrl && (
              <Image
                src={result.iconUrl}
                alt={t('{template} with sample content', { template: t(result.templateName) })}
                maxW="xs"
                borderWidth="1px"
                borderRadius="l2"
                shadow="sm"
              />
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Box>
  );
}

/**
 * docs/behaviour.md#preview-panel, beside the builder: 'Preview', the HTML/PDF switch (with the ATS view)
 * and the template switcher.
 */
export const PreviewPane = memo(function PreviewPane({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const preview = useSelector(builder, (snapshot) => snapshot.children.preview as PreviewActor | undefined);
  const mode = useSelector(preview, (snapshot) => snapshot?.context.mode ?? 'html');
  const panel = useSelector(builder, (snapshot) => snapshot.children.design as DesignPanelActor | undefined);
  const designOpen = useSelector(panel, (snapshot) => snapshot?.matches({ visibility: 'open' }) ?? false);
  const view = useSelector(builder, (snapshot) => snapshot.children.view as PreviewViewActor | undefined);
  const designToggle = useRef<HTMLButtonElement>(null);
  const closeDesign = () => {
    panel?.send({ type: 'panel.close' });
    designToggle.current?.focus();
  };

  return (
    <Flex direction="column" h="full" minH="0" bg="bg.subtle" aria-label={t('Preview')} role="region">
      <HStack px="4" py="3" gap="3" borderBottomWidth="1px" bg="bg" flexWrap="wrap">
        {/* On a phone the Form/Preview switch above says where the person is: the heading stays for screen
            readers only, and the page keeps the room. */}
        <Heading as="h2" size="md" flex={{ base: '0', md: '1' }} srOnly={{ base: true, md: false }}>
          {t('Preview')}
        </Heading>
        <TemplateSwitcher builder={builder} />
        <SegmentGroup.Root
          size={{ base: 'lg', md: 'sm' }}
          value={mode}
          aria-label={t('Preview format')}
          onValueChange={(details) => {
            if (details.value) preview?.send({ type: 'mode.switch', mode: details.value as PreviewMode });
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={MODES} />
        </SegmentGroup.Root>
        {panel && (
          <Button
            ref={designToggle}
            size={{ base: 'lg', md: 'sm' }}
            variant={designOpen ? 'solid' : 'outline'}
            aria-expanded={designOpen}
            aria-controls={DESIGN_PANEL_ID}
            onClick={() => panel.send({ type: 'panel.toggle' })}
          >
            <Palette /> {t('Design')}
          </Button>
        )}
      </HStack>
      <Flex flex="1" minH="0" direction={{ base: 'column', md: 'row' }}>
        <Box flex="1" minH="0" minW="0">
          {preview && <PreviewBody preview={preview} view={view} />}
        </Box>
      </Flex>
      <DesignPanel builder={builder} preview={preview} open={designOpen} onClose={closeDesign} />
    </Flex>
  );
});
