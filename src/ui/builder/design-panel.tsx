import {
  Box,
  Button,
  Drawer,
  Field,
  HStack,
  Heading,
  IconButton,
  NativeSelect,
  Portal,
  SegmentGroup,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Check, RotateCcw, X } from 'lucide-react';
import { useId } from 'react';
import type { CvDesign } from '../../api/design';
import { CV_LANGUAGES, NEEDS_TWO_PAGES_MESSAGE } from '../../../rules/design';
import { msg } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { ACCENT_SWATCHES, darkenedAccent, resetDesign, sameDesign } from '../../cv/design';
import type { DesignPanelActor } from '../../machines/builder/design-panel-machine';
import type { PreviewActor } from '../../machines/builder/preview-machine';
import { PhotoSettings } from './photo-settings';

/** The panel's id, for the toggle's aria-controls. */
export const DESIGN_PANEL_ID = 'design-panel';

/** A setting's option and its label (English words here; the panel shows them through `t`). */
type Choice<K extends keyof CvDesign> = { value: CvDesign[K] & string; label: string };

// The paper sizes' own names, as 'A4' is everywhere ('Letter' is not the cover letter's word).
const PAGE_SIZES: Choice<'page_size'>[] = [
  { value: 'A4', label: 'A4' },
  { value: 'Letter', label: 'Letter' },
];
const MARGINS: Choice<'margins'>[] = [
  { value: 'narrow', label: msg('Narrow') },
  { value: 'normal', label: msg('Normal') },
  { value: 'wide', label: msg('Wide') },
];
const FONT_SIZES: Choice<'font_size'>[] = [
  { value: 'small', label: msg('Small') },
  { value: 'normal', label: msg('Normal') },
  { value: 'large', label: msg('Large') },
];
const LINE_SPACINGS: Choice<'line_spacing'>[] = [
  { value: 'compact', label: msg('Compact') },
  { value: 'normal', label: msg('Normal') },
  { value: 'relaxed', label: msg('Relaxed') },
];
const DIRECTIONS: Choice<'direction'>[] = [
  { value: 'auto', label: msg('Automatic') },
  { value: 'ltr', label: msg('Left to right') },
  { value: 'rtl', label: msg('Right to left') },
];

/** The template's own font: no bundled font chosen. */
const TEMPLATE_FONT = '';

function Setting<K extends 'page_size' | 'margins' | 'font_size' | 'line_spacing' | 'direction'>({
  label,
  setting,
  items,
  design,
  onChange,
}: {
  label: string;
  setting: K;
  items: Choice<K>[];
  design: CvDesign;
  onChange: (change: Partial<CvDesign>) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap="1.5">
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {label}
      </Text>
      <SegmentGroup.Root
        size={{ base: 'lg', md: 'sm' }}
        value={design[setting] as string}
        aria-labelledby={labelId}
        onValueChange={(details) => {
          if (details.value) onChange({ [setting]: details.value } as Partial<CvDesign>);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} flex="1" />
      </SegmentGroup.Root>
    </Stack>
  );
}

function AccentColour({
  design,
  onChange,
}: {
  design: CvDesign;
  onChange: (change: Partial<CvDesign>) => void;
}) {
  const { t } = useT();
  const labelId = useId();
  const inputId = useId();
  const darkened = darkenedAccent(design.accent_color);
  const custom =
    design.accent_color !== null && !ACCENT_SWATCHES.some((s) => s.color === design.accent_color);
  return (
    <Stack gap="1.5" role="group" aria-labelledby={labelId}>
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {t('Accent colour')}
      </Text>
      <HStack gap="1.5" flexWrap="wrap">
        <Button
          size="xs"
          variant={design.accent_color === null ? 'solid' : 'outline'}
          aria-pressed={design.accent_color === null}
          onClick={() => onChange({ accent_color: null })}
          minH={{ base: '11', md: '8' }}
        >
          {t('Template colour')}
        </Button>
        {ACCENT_SWATCHES.map((swatch) => {
          const chosen = design.accent_color === swatch.color;
          return (
            <chakra.button
              key={swatch.color}
              type="button"
              aria-label={t(swatch.name)}
              title={t(swatch.name)}
              aria-pressed={chosen}
              onClick={() => onChange({ accent_color: swatch.color })}
              w={{ base: '11', md: '8' }}
              h={{ base: '11', md: '8' }}
              borderRadius="full"
              borderWidth="2px"
              borderColor={chosen ? 'fg' : 'border'}
              style={{ background: swatch.color }}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              color="white"
              cursor="pointer"
              _focusVisible={{
                outline: '2px solid',
                outlineColor: 'colorPalette.focusRing',
                outlineOffset: '2px',
              }}
            >
              {chosen && <Check size={14} aria-hidden />}
            </chakra.button>
          );
        })}
      </HStack>
      <HStack gap="2">
        <chakra.input
          id={inputId}
          type="color"
          value={design.accent_color ?? '#000000'}
          onChange={(event) => onChange({ accent_color: event.currentTarget.value })}
          w={{ base: '11', md: '10' }}
          h={{ base: '11', md: '8' }}
          p="0"
          borderWidth="1px"
          borderRadius="l2"
          cursor="pointer"
          bg="transparent"
        />
        <chakra.label htmlFor={inputId} textStyle="sm">
          {custom && design.accent_color
            ? t('Custom colour ({colour})', { colour: design.accent_color })
            : t('Custom colour')}
        </chakra.label>
      </HStack>
      {darkened && (
        <HStack gap="2" role="status" textStyle="xs" color="fg.muted">
          <Box w="3" h="3" borderRadius="full" flexShrink="0" style={{ background: darkened }} aria-hidden />
          <Text>
            {t('Darkened to {colour} so headings stay readable (4.5:1 contrast on white).', {
              colour: darkened,
            })}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}

/** A language by its own name ('Deutsch', 'العربية', '日本語'), the tag where the browser cannot name it. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The CV's language: month names and 'Present' are printed in it. */
function LanguageChoice({
  design,
  onChange,
}: {
  design: CvDesign;
  onChange: (change: Partial<CvDesign>) => void;
}) {
  const { t } = useT();
  const offered: readonly string[] = CV_LANGUAGES;
  return (
    <Field.Root>
      <Field.Label>{t('Language')}</Field.Label>
      <NativeSelect.Root size={{ base: 'lg', md: 'sm' }}>
        <NativeSelect.Field
          value={design.language}
          onChange={(event) => onChange({ language: event.currentTarget.value })}
        >
          {/* A language the list does not offer (the browser's own, say): still shown as chosen. */}
          {!offered.includes(design.language) && (
            <option value={design.language}>{languageName(design.language)}</option>
          )}
          {offered.map((tag) => (
            <option key={tag} value={tag}>
              {languageName(tag)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t('Month names and ‘Present’ are printed in it.')}</Field.HelperText>
    </Field.Root>
  );
}

function FontChoice({
  design,
  panel,
  onChange,
}: {
  design: CvDesign;
  panel: DesignPanelActor;
  onChange: (change: Partial<CvDesign>) => void;
}) {
  const { t } = useT();
  const fonts = useSelector(panel, (snapshot) => snapshot.context.fonts);
  const error = useSelector(panel, (snapshot) => snapshot.context.error);
  const loading = useSelector(panel, (snapshot) => snapshot.matches({ fonts: 'loading' }));
  const known = design.font === null || fonts.some((font) => font.id === design.font);
  return (
    <Field.Root>
      <Field.Label>{t('Font')}</Field.Label>
      <NativeSelect.Root size={{ base: 'lg', md: 'sm' }} disabled={loading && design.font !== null}>
        <NativeSelect.Field
          value={design.font ?? TEMPLATE_FONT}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ font: value === TEMPLATE_FONT ? null : value });
          }}
        >
          <option value={TEMPLATE_FONT}>{t('Template’s pairing')}</option>
          {/* A saved font the list has not brought (yet): still shown as chosen. */}
          {!known && design.font && <option value={design.font}>{design.font}</option>}
          {fonts.map((font) => (
            <option key={font.id} value={font.id}>
              {font.name} ({font.category})
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {loading && <Field.HelperText>{t('Loading fonts…')}</Field.HelperText>}
      {error && (
        <HStack gap="2" role="alert">
          <Text textStyle="xs" color="fg.error">
            {t(error)}
          </Text>
          <Button size="xs" variant="outline" onClick={() => panel.send({ type: 'fonts.retry' })}>
            {t('Try Again')}
          </Button>
        </HStack>
      )}
    </Field.Root>
  );
}

function FitOnePage({
  design,
  preview,
  onChange,
}: {
  design: CvDesign;
  preview?: PreviewActor;
  onChange: (change: Partial<CvDesign>) => void;
}) {
  const { t } = useT();
  const labelId = useId();
  const fits = useSelector(preview, (snapshot) => snapshot?.context.fitsOnePage);
  const on = design.fit_one_page;
  return (
    <Stack gap="1.5">
      <HStack justify="space-between" gap="3">
        <Text id={labelId} textStyle="sm" fontWeight="medium">
          {t('Fit to one page')}
        </Text>
        <chakra.button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          onClick={() => onChange({ fit_one_page: !on })}
          w={{ base: '14', md: '10' }}
          h={{ base: '8', md: '6' }}
          p="0.5"
          position="relative"
          // A finger's 44 px around the track (6 px beyond it on every side on a phone).
          _before={{ content: '""', position: 'absolute', inset: { base: '-6px', md: '-10px' } }}
          borderRadius="full"
          bg={on ? 'colorPalette.solid' : 'bg.emphasized'}
          display="inline-flex"
          justifyContent={on ? 'flex-end' : 'flex-start'}
          cursor="pointer"
          transition="background 0.15s"
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'colorPalette.focusRing',
            outlineOffset: '2px',
          }}
        >
          <Box boxSize={{ base: '7', md: '5' }} borderRadius="full" bg="white" shadow="sm" />
        </chakra.button>
      </HStack>
      <Box role="status" aria-live="polite">
        {on && fits === false && (
          <Text textStyle="xs" color="fg.warning">
            {t(NEEDS_TWO_PAGES_MESSAGE)}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The Design panel: page size, margins, colour, font, sizes, fit to one page and direction. It slides over the form
 * (from the side on a laptop, from the bottom on a phone or a tablet) and leaves the preview its whole column: a
 * drawer that is not modal, so the preview can still be scrolled and zoomed while the design changes. Every change
 * goes to the builder (an undo step, the draft, the preview through its debounce).
 */
export function DesignPanel({
  builder,
  preview,
  open,
  onClose,
}: {
  builder: BuilderActor;
  preview?: PreviewActor;
  open: boolean;
  /** Closed from inside (its button or Escape): the focus goes back to the toggle. */
  onClose: () => void;
}) {
  const { t } = useT();
  const panel = useSelector(builder, (snapshot) => snapshot.children.design as DesignPanelActor | undefined);
  const design = useSelector(builder, (snapshot) => snapshot.context.design, sameDesign);
  if (!panel) return null;
  const onChange = (change: Partial<CvDesign>) => builder.send({ type: 'design.change', change });
  const isDefault = sameDesign(resetDesign(design), design);
  const said = <K extends keyof CvDesign>(items: Choice<K>[]) =>
    items.map((item) => ({ ...item, label: t(item.label) }));
  return (
    <Drawer.Root
      open={open}
      modal={false}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      placement={{ base: 'bottom', lg: 'start' }}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        {/* Not modal: the page behind stays usable, so the positioner lets the pointer through to it. */}
        <Drawer.Positioner pointerEvents="none">
          <Drawer.Content
            pointerEvents="auto"
            aria-labelledby={`${DESIGN_PANEL_ID}-title`}
            w={{ base: 'full', lg: '24rem' }}
            maxH={{ base: '45dvh', lg: '100dvh' }}
            h={{ lg: '100dvh' }}
            borderTopRadius={{ base: 'l3', lg: '0' }}
            shadow="lg"
          >
            <Stack
              id={DESIGN_PANEL_ID}
              as="section"
              aria-labelledby={`${DESIGN_PANEL_ID}-title`}
              gap="4"
              p="4"
              overflowY="auto"
              data-testid="design-panel"
            >
              <HStack justify="space-between">
                <Heading as="h3" size="sm" id={`${DESIGN_PANEL_ID}-title`}>
                  {t('Design')}
                </Heading>
                <IconButton
                  size={{ base: 'lg', md: 'sm' }}
                  variant="ghost"
                  aria-label={t('Close design panel')}
                  onClick={onClose}
                >
                  <X />
                </IconButton>
              </HStack>
              <PhotoSettings builder={builder} design={design} />
              <Setting
                label={t('Page size')}
                setting="page_size"
                items={PAGE_SIZES}
                design={design}
                onChange={onChange}
              />
              <Setting
                label={t('Margins')}
                setting="margins"
                items={said(MARGINS)}
                design={design}
                onChange={onChange}
              />
              <AccentColour design={design} onChange={onChange} />
              <FontChoice design={design} panel={panel} onChange={onChange} />
              <Setting
                label={t('Font size')}
                setting="font_size"
                items={said(FONT_SIZES)}
                design={design}
                onChange={onChange}
              />
              <Setting
                label={t('Line spacing')}
                setting="line_spacing"
                items={said(LINE_SPACINGS)}
                design={design}
                onChange={onChange}
              />
              <FitOnePage design={design} preview={preview} onChange={onChange} />
              <Setting
                label={t('Direction')}
                setting="direction"
                items={said(DIRECTIONS)}
                design={design}
                onChange={onChange}
              />
              <LanguageChoice design={design} onChange={onChange} />
              <Button
                size={{ base: 'lg', md: 'sm' }}
                variant="outline"
                disabled={isDefault}
                onClick={() => builder.send({ type: 'design.reset' })}
              >
                <RotateCcw /> {t('Reset to template defaults')}
              </Button>
            </Stack>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
