import { Container, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/i18n';
import { CloudOff } from 'lucide-react';
import {
  cvsOfTemplate,
  matchingTemplates,
  showsTemplatesPaging,
  templatesPageLabel,
  visibleTemplates,
  type TemplatesListActor,
} from '../../machines/catalogue/templates-list-machine';
import { CatalogueMessage, LoadingGrid, TEMPLATE_GRID_COLUMNS } from './catalogue-states';
import { CategoryFilter } from './category-filter';
import { Pagination } from './pagination';
import { TemplateCard } from './template-card';

export interface TemplatesScreenProps {
  actor: TemplatesListActor;
  /** 'Import': a JSON Resume into a template of the person's choice. */
  importAction?: ReactNode;
}

/** docs/behaviour.md#templates-screen (the main screen at /). */
export function TemplatesScreen({ actor, importAction }: TemplatesScreenProps) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const matching = matchingTemplates(context);

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }}>
      <Stack gap="8">
        <HStack gap="4" justify="space-between" align="flex-end" flexWrap="wrap">
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              {t('Available CV Templates')}
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {t('Choose from our collection of professional templates')}
            </Text>
          </Stack>
          {importAction}
        </HStack>

        {snapshot.matches('loading') && <LoadingGrid text={t('Loading templates...')} />}

        {snapshot.matches('unavailable') && (
          <CatalogueMessage
            icon={CloudOff}
            title={t('Templates are unavailable right now')}
            description={t(
              'We could not reach the template collection. Please check your connection and try again.',
            )}
            onRetry={() => actor.send({ type: 'list.reload' })}
          />
        )}

        {snapshot.matches('ready') && (
          <Stack gap="6">
            <CategoryFilter
              tags={context.tags}
              selected={context.category}
              onSelect={(value) => actor.send({ type: 'category.select', value })}
            />
            {matching.length === 0 ? (
              <CatalogueMessage
                title={t('No templates found')}
                description={
                  context.category === null
                    ? t('It looks like there are no CV templates available. Please contact support.')
                    : t('There are no templates in this category yet. Choose another category.')
                }
              />
            ) : (
              <SimpleGrid as="section" aria-label={t('Templates')} columns={TEMPLATE_GRID_COLUMNS} gap="5">
                {visibleTemplates(context).map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    cvs={cvsOfTemplate(context.cvs, template.id)}
                    cvActions={context.cvActions}
                  />
                ))}
              </SimpleGrid>
            )}
            {showsTemplatesPaging(context) && (
              <Pagination label={templatesPageLabel(context)} snapshot={snapshot} send={actor.send} />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
