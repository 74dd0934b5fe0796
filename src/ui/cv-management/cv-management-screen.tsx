import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CloudOff } from 'lucide-react';
import { CV_MANAGEMENT_PAGE_SIZE } from '../../config/constants';
import { pageLabel } from '../../machines/catalogue-paging';
import {
  showsManagementPaging,
  visibleManagedTemplates,
  type CvManagementActor,
} from '../../machines/cv-management-machine';
import type { generatedCvActionsMachine } from '../../machines/generated-cv-actions-machine';
import { cvsOfTemplate } from '../../machines/templates-list-machine';
import { CatalogueMessage, LoadingGrid } from '../templates/catalogue-states';
import { Pagination } from '../templates/pagination';
import { ManagedTemplateCard } from './managed-template-card';

export interface CvManagementScreenProps {
  actor: CvManagementActor;
  cvActionsMachine?: typeof generatedCvActionsMachine;
}

/** spec §2 CV management (/cv-management). */
export function CvManagementScreen({ actor, cvActionsMachine }: CvManagementScreenProps) {
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }}>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            CV Management
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Manage, download, and share your professional CVs
          </Text>
        </Stack>

        {snapshot.matches('loading') && <LoadingGrid cards={6} />}

        {snapshot.matches('failed') && (
          <CatalogueMessage
            icon={CloudOff}
            title="Failed to load data"
            description="Could not load CV templates and generated CVs. Please try again."
            onRetry={() => actor.send({ type: 'list.reload' })}
          />
        )}

        {snapshot.matches('loaded') &&
          (context.templates.length === 0 ? (
            <CatalogueMessage
              title="No templates found"
              description="It looks like there are no CV templates available. Please contact support."
            />
          ) : (
            <Stack gap="6">
              <SimpleGrid
                as="section"
                aria-label="Templates and their CVs"
                columns={{ base: 1, md: 2, xl: 3 }}
                gap="5"
              >
                {visibleManagedTemplates(context).map((template) => (
                  <ManagedTemplateCard
                    key={template.id}
                    template={template}
                    cvs={cvsOfTemplate(context.cvs, template.id)}
                    list={actor}
                    cvActionsMachine={cvActionsMachine}
                  />
                ))}
              </SimpleGrid>
              {showsManagementPaging(context) && (
                <Pagination
                  label={pageLabel(context.page, context.templates.length, CV_MANAGEMENT_PAGE_SIZE)}
                  canPrevious={snapshot.can({ type: 'page.previous' })}
                  canNext={snapshot.can({ type: 'page.next' })}
                  onPrevious={() => actor.send({ type: 'page.previous' })}
                  onNext={() => actor.send({ type: 'page.next' })}
                />
              )}
            </Stack>
          ))}
      </Stack>
    </Container>
  );
}
