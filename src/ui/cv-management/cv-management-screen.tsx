import {
  Button,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { CloudOff, FilePlus, SearchX } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import {
  cvListPage,
  cvListPageLabel,
  isSearching,
  managementPageLabel,
  RECENTLY_DELETED_ID,
  shownCvs,
  showsCvListPaging,
  showsManagementPaging,
  templatesInUse,
  visibleCvs,
  visibleManagedTemplates,
  type CvManagementActor,
  type CvSort,
} from '../../machines/catalogue/cv-management-machine';
import { cvsOfTemplate } from '../../machines/catalogue/templates-list-machine';
import { CatalogueMessage, LoadingGrid } from '../templates/catalogue-states';
import { Pagination } from '../templates/pagination';
import type { RecentlyDeletedActor } from '../../machines/catalogue/recently-deleted-machine';
import { ManagedTemplateCard } from './managed-template-card';
import { GeneratedCvItems, cvDisplayName } from '../generated-cv/generated-cv-item';
import type { LetterListActor } from '../../machines/cover-letters/letter-list-machine';
import { CvLetters, NewLetterFromCv, StandaloneLetters } from '../cover-letters/letter-list';
import {
  RecentlyDeleted,
  RecentlyDeletedLabel,
  useHasRecentlyDeleted,
  useRecentlyDeletedCount,
} from './recently-deleted';

/** The two views of CV management: the person's CVs, and the ones they deleted. */
export type CvManagementView = 'cvs' | 'recently-deleted';

export interface CvManagementScreenProps {
  actor: CvManagementActor;
  /** The view shown; the route keeps it in the address (`?show=recently-deleted`) so a reload keeps it. */
  view?: CvManagementView;
  onViewChange?: (view: CvManagementView) => void;
  /** [extension] The person's cover letters: each CV lists its own, and letters on their own have a section. */
  letters?: LetterListActor;
}

/** Search by name, sort, and one template's CVs only: for a person with many CVs. */
function CvFinder({ actor }: { actor: CvManagementActor }) {
  const query = useSelector(actor, (state) => state.context.query);
  const sort = useSelector(actor, (state) => state.context.sort);
  const templateFilter = useSelector(actor, (state) => state.context.templateFilter);
  const inUse = useSelector(actor, (state) => templatesInUse(state.context));
  const { t } = useT();
  return (
    <HStack gap="3" align="flex-end" flexWrap="wrap" role="search" aria-label={t('Find a CV')}>
      <Field.Root flex="1" minW="14rem" maxW="md">
        <Field.Label>{t('Search CVs by name')}</Field.Label>
        <Input
          type="search"
          value={query}
          placeholder={t('e.g. Engineer')}
          minH="11"
          onChange={(event) => actor.send({ type: 'search.change', query: event.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label>{t('Template')}</Field.Label>
        <NativeSelect.Root minW="12rem">
          <NativeSelect.Field
            value={templateFilter === undefined ? '' : String(templateFilter)}
            minH="11"
            onChange={(event) => {
              const value = event.currentTarget.value;
              actor.send({ type: 'filter.template', templateId: value === '' ? undefined : Number(value) });
            }}
          >
            <option value="">{t('All templates')}</option>
            {inUse.map((template) => (
              <option key={template.id} value={template.id}>
                {t(template.name)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label>{t('Sort by')}</Field.Label>
        <NativeSelect.Root minW="12rem">
          <NativeSelect.Field
            value={sort}
            minH="11"
            onChange={(event) =>
              actor.send({ type: 'sort.change', sort: event.currentTarget.value as CvSort })
            }
          >
            <option value="edited">{t('Last edited')}</option>
            <option value="name">{t('Name')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}

/** docs/behaviour.md#cv-management (/cv-management), with Recently deleted beside the list (docs/features/bin.md). */
export function CvManagementScreen({ actor, view, onViewChange, letters }: CvManagementScreenProps) {
  const { t } = useT();
  const bin = useSelector(
    actor,
    (state) => state.children[RECENTLY_DELETED_ID] as RecentlyDeletedActor | undefined,
  );
  const hasBin = useHasRecentlyDeleted(bin);
  const binCount = useRecentlyDeletedCount(bin);
  const [ownView, setOwnView] = useState<CvManagementView>('cvs');
  const shown = view ?? ownView;
  const show = (next: CvManagementView) => (onViewChange ? onViewChange(next) : setOwnView(next));

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }}>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {t('CV Management')}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t('Manage, download, and share your professional CVs')}
          </Text>
        </Stack>

        {hasBin && bin ? (
          <Tabs.Root
            value={shown}
            onValueChange={(details) => show(details.value as CvManagementView)}
            variant="line"
            lazyMount
          >
            <Tabs.List>
              <Tabs.Trigger value="cvs" minH="11">
                {t('Your CVs')}
              </Tabs.Trigger>
              <Tabs.Trigger value="recently-deleted" minH="11">
                <RecentlyDeletedLabel count={binCount} />
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="cvs" pt="6">
              <SavedCvs actor={actor} letters={letters} />
            </Tabs.Content>
            <Tabs.Content value="recently-deleted" pt="6">
              <RecentlyDeleted actor={bin} />
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <SavedCvs actor={actor} letters={letters} />
        )}
      </Stack>
    </Container>
  );
}

/**
 * When the list turns to another page while its top is scrolled away (Next is under a long list on a phone), the
 * list is brought back into view from its top.
 */
function useListTopInView(page: number) {
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const element = top.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [page]);
  return top;
}

/**
 * The person's CVs first, as one list (name, template, when last edited, actions) to search, sort and narrow to a
 * template; then the catalogue, to start another (docs/decisions/0041-saves-and-notices.md).
 */
function SavedCvs({ actor, letters }: { actor: CvManagementActor; letters?: LetterListActor }) {
  const { t } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const cvs = shownCvs(context);
  const listTop = useListTopInView(cvListPage(context));
  const templateNames = new Map(context.templates.map((template) => [template.id, t(template.name)]));
  return (
    <>
      {snapshot.matches('loading') && <LoadingGrid cards={6} />}

      {snapshot.matches('failed') && (
        <CatalogueMessage
          icon={CloudOff}
          title={t('Failed to load data')}
          description={t('Could not load CV templates and generated CVs. Please try again.')}
          onRetry={() => actor.send({ type: 'list.reload' })}
        />
      )}

      {snapshot.matches('loaded') &&
        (context.templates.length === 0 ? (
          <CatalogueMessage
            title={t('No templates found')}
            description={t('It looks like there are no CV templates available. Please contact support.')}
          />
        ) : (
          <Stack gap="10">
            {context.cvs.length === 0 ? (
              <CatalogueMessage
                icon={FilePlus}
                title={t('You have no saved CVs yet')}
                description={t(
                  'Pick a template, fill in its sections and save: your CVs will be listed here.',
                )}
                action={
                  <Button asChild minH="11">
                    <Link to="/">{t('Create your first CV')}</Link>
                  </Button>
                }
              />
            ) : (
              <Stack
                as="section"
                gap="4"
                aria-labelledby="your-cvs-heading"
                ref={listTop}
                scrollMarginTop="4"
              >
                <Heading as="h2" size="lg" id="your-cvs-heading" tabIndex={-1} outline="none">
                  {t('{count, plural, one {{count} saved CV} other {{count} saved CVs}}', {
                    count: context.cvs.length,
                  })}
                </Heading>
                <CvFinder actor={actor} />
                {cvs.length === 0 ? (
                  <CatalogueMessage
                    icon={SearchX}
                    title={t('No CVs match your search')}
                    description={
                      isSearching(context)
                        ? t('None of your CVs is called anything like “{query}”.', {
                            query: context.query.trim(),
                          })
                        : t('None of your CVs is made from this template.')
                    }
                  />
                ) : (
                  <Stack
                    as="ul"
                    gap="0.5"
                    p="2"
                    listStyleType="none"
                    borderWidth="1px"
                    borderRadius="l3"
                    aria-label={t('Your CVs')}
                  >
                    <GeneratedCvItems
                      cvs={visibleCvs(context)}
                      actions={context.cvActions}
                      templateNameOf={(cv) => templateNames.get(cv.template)}
                      actionsBeforeOf={
                        letters
                          ? (cv) => <NewLetterFromCv cvId={cv.id} cvName={cvDisplayName(cv)} />
                          : undefined
                      }
                      belowOf={
                        letters
                          ? (cv) => <CvLetters list={letters} cvId={cv.id} cvName={cvDisplayName(cv)} />
                          : undefined
                      }
                    />
                  </Stack>
                )}
                {showsCvListPaging(context) && (
                  <Pagination
                    label={cvListPageLabel(context)}
                    snapshot={snapshot}
                    send={actor.send}
                    events={{ previous: { type: 'cvs.page.previous' }, next: { type: 'cvs.page.next' } }}
                    name={t('Pages of your CVs')}
                  />
                )}
              </Stack>
            )}
            {letters && <StandaloneLetters list={letters} cvIds={new Set(context.cvs.map((cv) => cv.id))} />}
            <Stack as="section" gap="4" aria-labelledby="catalogue-heading">
              <Stack gap="1">
                <Heading as="h2" size="lg" id="catalogue-heading">
                  {t('Start a new CV')}
                </Heading>
                <Text color="fg.muted">{t('Every template, with the CVs you made from it.')}</Text>
              </Stack>
              <SimpleGrid
                as="section"
                aria-label={t('Templates and their CVs')}
                columns={{ base: 1, md: 2, xl: 3 }}
                gap="5"
              >
                {visibleManagedTemplates(context).map((template) => (
                  <ManagedTemplateCard
                    key={template.id}
                    template={template}
                    cvs={cvsOfTemplate(shownCvs({ ...context, templateFilter: undefined }), template.id)}
                    onShowAll={() => {
                      actor.send({ type: 'filter.template', templateId: template.id });
                      // The list is above the catalogue: the person is taken to it, and so is the keyboard.
                      listTop.current?.scrollIntoView({ block: 'start' });
                      document.getElementById('your-cvs-heading')?.focus({ preventScroll: true });
                    }}
                  />
                ))}
              </SimpleGrid>
              {showsManagementPaging(context) && (
                <Pagination label={managementPageLabel(context)} snapshot={snapshot} send={actor.send} />
              )}
            </Stack>
          </Stack>
        ))}
    </>
  );
}
