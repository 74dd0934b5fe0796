import { Badge, Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { GeneratedCv } from '../../api/cvs';
import type { Template } from '../../api/templates';
import type { CvActionsById } from '../../machines/catalogue/cv-list';
import { GeneratedCvItems } from '../generated-cv/generated-cv-item';
import { useTemplateCard } from '../return-focus';
import { TemplateImage } from '../templates/template-image';

export interface ManagedTemplateCardProps {
  template: Template;
  cvs: GeneratedCv[];
  cvActions: CvActionsById;
}

/**
 * docs/behaviour.md#cv-management: a card per template with its icon, its name and the names of the CVs made
 * from it.
 */
export function ManagedTemplateCard({ template, cvs, cvActions }: ManagedTemplateCardProps) {
  const { titleId, cardProps } = useTemplateCard(cvs.length);
  return (
    <Card.Root
      {...cardProps}
      variant="outline"
      overflow="hidden"
      data-testid="managed-template-card"
    >
      <Flex gap="4" p="4" align="flex-start" borderBottomWidth={cvs.length > 0 ? '1px' : undefined}>
        <Box
          asChild
          flexShrink={0}
          w="16"
          aspectRatio={3 / 4}
          borderRadius="l2"
          overflow="hidden"
          borderWidth="1px"
          bg="bg.muted"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <Link
            to="/dashboard/$id"
            params={{ id: String(template.id) }}
            search={{ new: true }}
            aria-label={`Create a new CV from ${template.name}`}
          >
            <TemplateImage src={template.icon} name={template.name} />
          </Link>
        </Box>
        <Stack gap="1" minW="0" flex="1">
          <Heading as="h2" size="md" id={titleId} lineClamp={2}>
            {template.name}
          </Heading>
          <HStack>
            <Badge variant="subtle" colorPalette={cvs.length > 0 ? 'teal' : 'gray'}>
              {cvs.length === 1 ? '1 CV' : `${cvs.length} CVs`}
            </Badge>
          </HStack>
        </Stack>
      </Flex>
      {cvs.length > 0 ? (
        <Card.Body p="2">
          <Stack as="ul" gap="0.5" listStyleType="none" aria-label={`Your CVs from ${template.name}`}>
            <GeneratedCvItems cvs={cvs} actions={cvActions} />
          </Stack>
        </Card.Body>
      ) : (
        <Card.Body px="4" py="3">
          <Text fontSize="sm" color="fg.muted">
            No saved CVs yet
          </Text>
        </Card.Body>
      )}
    </Card.Root>
  );
}
