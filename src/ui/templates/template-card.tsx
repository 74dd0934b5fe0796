import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { GeneratedCv } from '../../api/cvs';
import type { Template } from '../../api/templates';
import type { CvActionsById } from '../../machines/catalogue/cv-list';
import { GeneratedCvItems, TOUCH_TARGET } from '../generated-cv/generated-cv-item';
import { useTemplateCard } from '../return-focus';
import { TemplateImage } from './template-image';

export interface TemplateCardProps {
  template: Template;
  /** The user's CVs made from this template. */
  cvs: GeneratedCv[];
  cvActions: CvActionsById;
}

/**
 * docs/behaviour.md#template-card: the image shows 'Create New CV' on hover (and on keyboard focus, so it can be
 * reached without a mouse), a title, and the user's CVs from this template: the first shown, the rest
 * behind 'Show More (N more)' / 'Show Less'.
 */
export function TemplateCard({ template, cvs, cvActions }: TemplateCardProps) {
  const { t } = useT();
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const [first, ...rest] = cvs;
  const shown = expanded ? cvs : first ? [first] : [];
  const { titleId, cardProps } = useTemplateCard(cvs.length);

  return (
    <Card.Root
      {...cardProps}
      overflow="hidden"
      variant="outline"
      transition="box-shadow 150ms, border-color 150ms"
      _hover={{ shadow: 'md', borderColor: 'border.emphasized' }}
      data-testid="template-card"
    >
      <Box className="group" position="relative" aspectRatio={4 / 5} bg="bg.muted" borderBottomWidth="1px">
        <TemplateImage src={template.icon} name={t(template.name)} />
        <Box
          position="absolute"
          inset="0"
          display="flex"
          alignItems="center"
          justifyContent="center"
          bg="blackAlpha.500"
          opacity={0}
          transition="opacity 150ms"
          _groupHover={{ opacity: 1 }}
          _groupFocusWithin={{ opacity: 1 }}
          // Touch screens have no hover: the button stays visible there.
          css={{
            '@media (hover: none)': {
              opacity: 1,
              background: 'transparent',
              alignItems: 'flex-end',
              paddingBottom: '12px',
            },
          }}
        >
          <Button asChild size={{ base: 'lg', md: 'sm' }} shadow="md">
            <Link to="/dashboard/$id" params={{ id: String(template.id) }} search={{ new: true }}>
              <Plus />
              {t('Create New CV')}
            </Link>
          </Button>
        </Box>
      </Box>
      <Card.Body gap="3" p="4">
        <Heading as="h3" size="md" id={titleId} lineClamp={2}>
          {t(template.name)}
        </Heading>
        {cvs.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('No saved CVs yet')}
          </Text>
        ) : (
          <Stack gap="1">
            <Stack
              as="ul"
              id={moreId}
              gap="0.5"
              listStyleType="none"
              aria-label={t('Your CVs from {template}', { template: t(template.name) })}
            >
              <GeneratedCvItems cvs={shown} actions={cvActions} />
            </Stack>
            {rest.length > 0 && (
              <Button
                variant="plain"
                size="xs"
                alignSelf="flex-start"
                colorPalette="teal"
                color="colorPalette.fg"
                px="2"
                aria-expanded={expanded}
                aria-controls={moreId}
                css={TOUCH_TARGET}
                onClick={() => setExpanded((open) => !open)}
              >
                {expanded ? t('Show Less') : t('Show More ({count} more)', { count: rest.length })}
              </Button>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
