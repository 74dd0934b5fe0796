import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { FilePlus } from 'lucide-react';
import type { GeneratedCv } from '../../api/cvs';
import type { Template } from '../../api/templates';
import { useT } from '../../i18n/i18n';
import { cvDisplayName } from '../generated-cv/generated-cv-item';
import { useTemplateCard } from '../return-focus';
import { TemplateImage } from '../templates/template-image';

export interface ManagedTemplateCardProps {
  template: Template;
  cvs: GeneratedCv[];
  /** Shows the person's CV list narrowed to this template; without it, 'and N more' is plain text. */
  onShowAll?: () => void;
}

/** How many CV names a card lists: more would stretch the card, and its row, with each CV. */
export const CARD_CV_NAMES = 3;

/**
 * docs/behaviour.md#cv-management: a card per template with its icon, its name and the names of the CVs made
 * from it, and a way to start another. The CVs themselves, with their actions, are in the list above the
 * catalogue (docs/decisions/0041-saves-and-notices.md).
 */
export function ManagedTemplateCard({ template, cvs, onShowAll }: ManagedTemplateCardProps) {
  const { t } = useT();
  const { titleId, cardProps } = useTemplateCard(cvs.length);
  const listed = cvs.slice(0, CARD_CV_NAMES);
  const more = cvs.length - listed.length;
  const moreText = t('and {count} more', { count: more });
  return (
    <Card.Root {...cardProps} variant="outline" overflow="hidden" data-testid="managed-template-card">
      <Flex gap="4" p="4" align="flex-start">
        {/* The picture repeats the link below for a mouse; the keyboard and screen readers meet the link once. */}
        <Box
          asChild
          flexShrink={0}
          w="16"
          aspectRatio={3 / 4}
          borderRadius="l2"
          overflow="hidden"
          borderWidth="1px"
          bg="bg.muted"
        >
          <Link
            to="/dashboard/$id"
            params={{ id: String(template.id) }}
            search={{ new: true }}
            tabIndex={-1}
            aria-hidden
          >
            <TemplateImage src={template.icon} name={t(template.name)} />
          </Link>
        </Box>
        <Stack gap="2" minW="0" flex="1">
          <Heading as="h3" size="md" id={titleId} lineClamp={2}>
            {t(template.name)}
          </Heading>
          {cvs.length > 0 && (
            <HStack>
              <Badge variant="subtle" colorPalette="teal">
                {t('{count, plural, one {{count} CV} other {{count} CVs}}', { count: cvs.length })}
              </Badge>
            </HStack>
          )}
          {cvs.length > 0 && (
            <Stack
              as="ul"
              gap="0"
              listStyleType="none"
              aria-label={t('CVs made from {template}', { template: t(template.name) })}
            >
              {listed.map((cv) => (
                <Text as="li" key={cv.id} fontSize="sm" color="fg.muted" wordBreak="break-word" lineClamp={1}>
                  {cvDisplayName(cv)}
                </Text>
              ))}
            </Stack>
          )}
          {more > 0 &&
            (onShowAll ? (
              <Button
                size="sm"
                variant="plain"
                px="0"
                minH="11"
                alignSelf="flex-start"
                textDecoration="underline"
                aria-label={t('and {more} more: show all {count} CVs made from {template}', {
                  more,
                  count: cvs.length,
                  template: t(template.name),
                })}
                onClick={onShowAll}
              >
                {moreText}
              </Button>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {moreText}
              </Text>
            ))}
          <Button asChild size="sm" variant="outline" minH="11" alignSelf="flex-start">
            <Link
              to="/dashboard/$id"
              params={{ id: String(template.id) }}
              search={{ new: true }}
              aria-label={t('Create a new CV from {template}', { template: t(template.name) })}
            >
              <FilePlus /> {t('New CV')}
            </Link>
          </Button>
        </Stack>
      </Flex>
    </Card.Root>
  );
}
