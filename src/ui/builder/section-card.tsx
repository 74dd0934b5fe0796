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
import { memo, useEffect, useRef } from 'react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { EMPTY_SECTION_MESSAGE, type SectionFormActor } from '../../machines/builder/section-form-machine';
import { FieldWidget } from './field-widget';
import { SectionErrorBoundary } from './section-error-boundary';

export interface SectionCardProps {
  builder: BuilderActor;
  form: SectionFormActor;
  sectionIndex: number;
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
export const SectionCard = memo(function SectionCard({ builder, form, sectionIndex }: SectionCardProps) {
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
  const headerId = `section-${form.id}-header`;
  const bodyId = `section-${form.id}-body`;

  return (
    <Card.Root
      variant="outline"
      size="sm"
      data-testid="section-card"
      data-section={section.name}
      data-completed={completed || undefined}
    >
      {/* The accordion pattern: a heading holding the button, with only phrasing content inside. */}
      <chakra.h2 m="0" textStyle="md" fontWeight="normal">
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
            {completed ? <Check size={16} /> : sectionIndex + 1}
          </chakra.span>
          <chakra.span display="flex" flexDirection="column" flex="1" minW="0">
            <chakra.span display="flex" alignItems="center" gap="2">
              <chakra.span fontWeight="semibold">{section.name}</chakra.span>
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
                {Array.from({ length: entryCount }, (_, entryIndex) => (
                  <Stack
                    key={entryIndex}
                    gap="3"
                    role="group"
                    aria-label={entryIndex === 0 ? section.name : `Entry ${entryIndex + 1}`}
                    {...(entryIndex > 0 ? { borderTopWidth: '1px', pt: '4' } : {})}
                  >
                    {entryIndex > 0 && (
                      <HStack justify="space-between">
                        <Text fontWeight="medium" textStyle="sm">
                          Entry {entryIndex + 1}
                        </Text>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Remove Entry ${entryIndex + 1}`}
                          title={`Remove Entry ${entryIndex + 1}`}
                          onClick={() => form.send({ type: 'entry.remove', index: entryIndex })}
                        >
                          <Trash2 />
                        </IconButton>
                      </HStack>
                    )}
                    <EntryFields form={form} entryIndex={entryIndex} />
                  </Stack>
                ))}

                {section.is_repeatable && (
                  <Button
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
