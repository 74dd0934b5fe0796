import { Alert, Badge, Button, Card, CloseButton, HStack, Stack, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Check, Plus } from 'lucide-react';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { isHidden, sectionTitle } from '../../cv/layout';
import { EMPTY_SECTION_MESSAGE, type SectionFormActor } from '../../machines/builder/section-form-machine';
import { FieldWidget } from './field-widget';
import { HeadingEditor, HideToggle } from './section-controls';
import { EntryGroup, EntryList, SectionToggle } from './section-card-parts';
import { SectionErrorBoundary } from './section-error-boundary';
import { useT } from '../../i18n/i18n';

export interface SectionCardProps {
  builder: BuilderActor;
  form: SectionFormActor;
  sectionIndex: number;
  /** The section's layout reference; none for the personal details, which stay first and shown. */
  layoutRef?: string;
  /** The handle that moves the card in the list. */
  handle?: ReactNode;
  /** Where the card stands in the CV's order (the template's when it has none), from 1. */
  position?: number;
}

function EntryFields({ form, entryIndex }: { form: SectionFormActor; entryIndex: number }) {
  const fields = form.getSnapshot().context.section.input_fields;
  return (
    <Stack gap="4">
      {fields.map((field) => (
        <FieldWidget key={field.id} form={form} field={field} entryIndex={entryIndex} />
      ))}
    </Stack>
  );
}

/**
 * docs/behaviour.md#cv-builder, #sections: a collapsible card per template section; repeatable sections take
 * more entries.
 */
export const SectionCard = memo(function SectionCard({
  builder,
  form,
  sectionIndex,
  layoutRef,
  handle,
  position = sectionIndex + 1,
}: SectionCardProps) {
  const { t } = useT();
  const expanded = useSelector(builder, (snapshot) =>
    snapshot.context.expandedSections.includes(sectionIndex),
  );
  const completed = useSelector(builder, (snapshot) =>
    snapshot.context.completedSections.includes(sectionIndex),
  );
  const entryCount = useSelector(form, (snapshot) => snapshot.context.entryCount);
  const showEmptyAlert = useSelector(form, (snapshot) => snapshot.matches('empty'));
  const focusRequest = useSelector(builder, (snapshot) =>
    snapshot.context.focusRequest?.sectionIndex === sectionIndex ? snapshot.context.focusRequest : undefined,
  );
  const headerButton = useRef<HTMLButtonElement>(null);
  // After 'Complete Section' the work goes on at the next section: its header takes the focus. When Save finds a
  // value its field refuses, that field takes it (once the section has opened), its message read with it.
  useEffect(() => {
    if (!focusRequest) return;
    const { fieldKey } = focusRequest;
    if (fieldKey === undefined) {
      headerButton.current?.focus({ preventScroll: true });
      headerButton.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return;
    }
    let frame = 0;
    let tries = 0;
    const focusField = () => {
      const field = document.getElementById(`field-${form.id}-${fieldKey}`);
      if (field) {
        field.focus({ preventScroll: true });
        field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      } else if (tries++ < 60) frame = requestAnimationFrame(focusField);
    };
    focusField();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one focus per request (its sequence)
  }, [focusRequest?.sequence]);
  const { section } = form.getSnapshot().context;
  // The template's words (its section's name and hint) are said in the interface's language; a heading the person
  // wrote for this CV is theirs, shown as written.
  const templateTitle = t(section.name);
  const title = useSelector(builder, (snapshot) =>
    layoutRef ? sectionTitle(snapshot.context.layout, layoutRef, templateTitle) : templateTitle,
  );
  const hidden = useSelector(builder, (snapshot) =>
    layoutRef ? isHidden(snapshot.context.layout, layoutRef) : false,
  );
  const mayHide = useSelector(builder, (snapshot) =>
    layoutRef ? snapshot.can({ type: 'layout.toggleHidden', ref: layoutRef }) : false,
  );
  const headerId = `section-${form.id}-header`;
  const bodyId = `section-${form.id}-body`;
  const addId = `section-${form.id}-add`;

  return (
    <Card.Root
      variant="outline"
      size="sm"
      data-testid="section-card"
      data-section={section.name}
      data-completed={completed || undefined}
      data-hidden={hidden || undefined}
      bg={hidden ? 'bg.subtle' : undefined}
    >
      <HStack gap="1" pe="2" ps={handle ? '1' : '0'} align="center" flexWrap="wrap">
        {handle}
        <SectionToggle
          id={headerId}
          bodyId={bodyId}
          expanded={expanded}
          onToggle={() => builder.send({ type: 'section.toggle', sectionIndex })}
          marker={completed ? <Check size={16} /> : position}
          done={completed}
          buttonRef={headerButton}
        >
          <chakra.span display="flex" flexDirection="column" flex="1" minW="0">
            <chakra.span display="flex" alignItems="center" gap="2" flexWrap="wrap">
              <chakra.span fontWeight="semibold">{title}</chakra.span>
              {section.is_required && (
                <chakra.span color="fg.error" aria-label={t('required')}>
                  *
                </chakra.span>
              )}
              {completed && (
                <Badge colorPalette="green" variant="subtle" size="sm">
                  {t('Completed')}
                </Badge>
              )}
              {hidden && (
                <Badge colorPalette="gray" variant="outline" size="sm">
                  {t('Hidden')}
                </Badge>
              )}
            </chakra.span>
            {section.description && (
              <chakra.span textStyle="sm" color="fg.muted">
                {t(section.description)}
              </chakra.span>
            )}
          </chakra.span>
        </SectionToggle>
        {layoutRef && (
          <HStack gap="1" ms="auto">
            <HeadingEditor
              title={title}
              defaultTitle={templateTitle}
              onRename={(next) => builder.send({ type: 'layout.renameSection', ref: layoutRef, title: next })}
            />
            <HideToggle
              name={title}
              hidden={hidden}
              disabled={!mayHide && !hidden}
              onToggle={() => builder.send({ type: 'layout.toggleHidden', ref: layoutRef })}
            />
          </HStack>
        )}
      </HStack>

      {expanded && (
        <Card.Body id={bodyId} role="region" aria-labelledby={headerId} pt="1">
          <SectionErrorBoundary sectionName={section.name}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                form.send({ type: 'section.submit' });
              }}
            >
              <Stack gap="5">
                {/* Entries of a repeatable section are reordered by their handles. */}
                <EntryList
                  idPrefix={form.id}
                  count={entryCount}
                  labelOf={(index) => t('{title} entry {number}', { title, number: index + 1 })}
                  onMove={(from, to) => builder.send({ type: 'section.moveEntry', sectionIndex, from, to })}
                >
                  {(entryIndex, entryHandle) => (
                    <EntryGroup
                      index={entryIndex}
                      label={
                        entryIndex === 0 ? templateTitle : t('Entry {number}', { number: entryIndex + 1 })
                      }
                      handle={entryCount > 1 && entryHandle}
                      numbered={entryIndex > 0}
                      remove={
                        entryIndex > 0
                          ? {
                              label: t('Remove Entry {number}', { number: entryIndex + 1 }),
                              title: t('Remove Entry {number}', { number: entryIndex + 1 }),
                              onRemove: () => form.send({ type: 'entry.remove', index: entryIndex }),
                            }
                          : undefined
                      }
                      returnFocusTo={addId}
                    >
                      <EntryFields form={form} entryIndex={entryIndex} />
                    </EntryGroup>
                  )}
                </EntryList>

                {section.is_repeatable && (
                  <Button
                    id={addId}
                    type="button"
                    variant="outline"
                    size={{ base: 'lg', md: 'sm' }}
                    alignSelf="flex-start"
                    // A long section name in a long language wraps inside the button, not past the screen's edge.
                    maxW="full"
                    h="auto"
                    minH={{ base: '11', md: '8' }}
                    py="2"
                    whiteSpace="normal"
                    textAlign="start"
                    onClick={() => form.send({ type: 'entry.add' })}
                  >
                    <Plus /> {t('Add Another {title}', { title: templateTitle })}
                  </Button>
                )}

                {showEmptyAlert && (
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Title flex="1">{t(EMPTY_SECTION_MESSAGE)}</Alert.Title>
                    <CloseButton
                      size="xs"
                      aria-label={t('Dismiss')}
                      onClick={() => form.send({ type: 'alert.dismiss' })}
                    />
                  </Alert.Root>
                )}

                <HStack justify="flex-end">
                  <Button type="submit" size={{ base: 'lg', md: 'sm' }}>
                    {t('Complete Section')}
                  </Button>
                </HStack>
              </Stack>
            </form>
          </SectionErrorBoundary>
        </Card.Body>
      )}
    </Card.Root>
  );
});
