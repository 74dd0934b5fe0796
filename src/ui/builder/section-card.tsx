import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  HStack,
  IconButton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Check, ChevronDown, Plus, Trash2 } from 'lucide-react';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { isHidden, sectionTitle } from '../../machines/builder/layout';
import { EMPTY_SECTION_MESSAGE, type SectionFormActor } from '../../machines/builder/section-form-machine';
import { FieldWidget } from './field-widget';
import { HeadingEditor, HideToggle } from './section-controls';
import { focusAfterRemoval } from '../return-focus';
import { SectionErrorBoundary } from './section-error-boundary';
import { SortableList } from './sortable-list';

export interface SectionCardProps {
  builder: BuilderActor;
  form: SectionFormActor;
  sectionIndex: number;
  /** The section's layout reference (issue 12); none for the personal details, which stay first and shown. */
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
  const expanded = useSelector(builder, (snapshot) =>
    snapshot.context.expandedSections.includes(sectionIndex),
  );
  const completed = useSelector(builder, (snapshot) =>
    snapshot.context.completedSections.includes(sectionIndex),
  );
  const entryCount = useSelector(form, (snapshot) => snapshot.context.entryCount);
  const showEmptyAlert = useSelector(form, (snapshot) => snapshot.matches('empty'));
  const focusRequest = useSelector(builder, (snapshot) =>
    snapshot.context.focusRequest?.sectionIndex === sectionIndex ? snapshot.context.focusRequest.sequence : 0,
  );
  const headerButton = useRef<HTMLButtonElement>(null);
  // After 'Complete Section' the work goes on at the next section: its header takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    headerButton.current?.focus({ preventScroll: true });
    headerButton.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [focusRequest]);
  const { section } = form.getSnapshot().context;
  const title = useSelector(builder, (snapshot) =>
    layoutRef ? sectionTitle(snapshot.context.layout, layoutRef, section.name) : section.name,
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
  const entryIndexes = Array.from({ length: entryCount }, (_, index) => index);
  const entryLabel = (index: number) => `${title} entry ${index + 1}`;

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
        {/* The accordion pattern: a heading holding the button, with only phrasing content inside. */}
        <chakra.h2 m="0" textStyle="md" fontWeight="normal" flex="1" minW="0">
          <chakra.button
            ref={headerButton}
            id={headerId}
            type="button"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => builder.send({ type: 'section.toggle', sectionIndex })}
            display="flex"
            alignItems="center"
            gap="3"
            width="full"
            textAlign="start"
            px="4"
            py="3"
            borderRadius="l3"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
          >
            <chakra.span
              display="flex"
              boxSize="7"
              flexShrink={0}
              alignItems="center"
              justifyContent="center"
              borderRadius="full"
              bg={completed ? 'colorPalette.solid' : 'bg.muted'}
              color={completed ? 'colorPalette.contrast' : 'fg.muted'}
              textStyle="sm"
              fontWeight="semibold"
              aria-hidden="true"
            >
              {completed ? <Check size={16} /> : position}
            </chakra.span>
            <chakra.span display="flex" flexDirection="column" flex="1" minW="0">
              <chakra.span display="flex" alignItems="center" gap="2" flexWrap="wrap">
                <chakra.span fontWeight="semibold">{title}</chakra.span>
                {section.is_required && (
                  <chakra.span color="fg.error" aria-label="required">
                    *
                  </chakra.span>
                )}
                {completed && (
                  <Badge colorPalette="green" variant="subtle" size="sm">
                    Completed
                  </Badge>
                )}
                {hidden && (
                  <Badge colorPalette="gray" variant="outline" size="sm">
                    Hidden
                  </Badge>
                )}
              </chakra.span>
              {section.description && (
                <chakra.span textStyle="sm" color="fg.muted">
                  {section.description}
                </chakra.span>
              )}
            </chakra.span>
            <chakra.span
              color="fg.muted"
              transform={expanded ? 'rotate(180deg)' : undefined}
              transition="transform 0.15s"
            >
              <ChevronDown size={18} />
            </chakra.span>
          </chakra.button>
        </chakra.h2>
        {layoutRef && (
          <>
            <HeadingEditor
              title={title}
              defaultTitle={section.name}
              onRename={(next) => builder.send({ type: 'layout.renameSection', ref: layoutRef, title: next })}
            />
            <HideToggle
              name={title}
              hidden={hidden}
              disabled={!mayHide && !hidden}
              onToggle={() => builder.send({ type: 'layout.toggleHidden', ref: layoutRef })}
            />
          </>
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
                {/* Entries of a repeatable section are reordered by their handles (issue 12). */}
                <SortableList
                  items={entryIndexes}
                  idOf={(index) => `${form.id}-entry-${index}`}
                  labelOf={entryLabel}
                  noun="entries"
                  onMove={(id, toIndex) =>
                    builder.send({
                      type: 'section.moveEntry',
                      sectionIndex,
                      from: Number(id.slice(id.lastIndexOf('-') + 1)),
                      to: toIndex,
                    })
                  }
                >
                  {(entryIndex, entryHandle) => (
                    <Stack
                      gap="3"
                      role="group"
                      aria-label={entryIndex === 0 ? section.name : `Entry ${entryIndex + 1}`}
                      {...(entryIndex > 0 ? { borderTopWidth: '1px', pt: '4' } : {})}
                    >
                      {(entryIndex > 0 || entryCount > 1) && (
                        <HStack justify="space-between">
                          <HStack gap="1">
                            {entryCount > 1 && entryHandle}
                            {entryIndex > 0 && (
                              <Text fontWeight="medium" textStyle="sm">
                                Entry {entryIndex + 1}
                              </Text>
                            )}
                          </HStack>
                          {entryIndex > 0 && (
                            <IconButton
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              aria-label={`Remove Entry ${entryIndex + 1}`}
                              title={`Remove Entry ${entryIndex + 1}`}
                              onClick={() => {
                                form.send({ type: 'entry.remove', index: entryIndex });
                                focusAfterRemoval(addId);
                              }}
                            >
                              <Trash2 />
                            </IconButton>
                          )}
                        </HStack>
                      )}
                      <EntryFields form={form} entryIndex={entryIndex} />
                    </Stack>
                  )}
                </SortableList>

                {section.is_repeatable && (
                  <Button
                    id={addId}
                    type="button"
                    variant="outline"
                    size="sm"
                    alignSelf="flex-start"
                    onClick={() => form.send({ type: 'entry.add' })}
                  >
                    <Plus /> Add Another {section.name}
                  </Button>
                )}

                {showEmptyAlert && (
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Title flex="1">{EMPTY_SECTION_MESSAGE}</Alert.Title>
                    <CloseButton
                      size="xs"
                      aria-label="Dismiss"
                      onClick={() => form.send({ type: 'alert.dismiss' })}
                    />
                  </Alert.Root>
                )}

                <HStack justify="flex-end">
                  <Button type="submit" size="sm">
                    Complete Section
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
