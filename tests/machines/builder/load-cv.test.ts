import { ApiError } from '../../../src/api/api-error';
import type { GeneratedCvDetail } from '../../../src/api/cvs';
import type { BuilderDraft } from '../../../src/machines/builder/draft';
import { loadBuilderCv, newCv, type CvLoaders } from '../../../src/machines/builder/load-cv';
import { classicTemplate, timelineTemplate } from './fixtures';

const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';

const savedDetail: GeneratedCvDetail = {
  id: 42,
  uuid: UUID,
  name: 'Software Engineer 2024',
  template: 1,
  entries: [
    { id: 1, value: 'Ada', index: 0, section_field: 1001 },
    { id: 2, value: 'Engineer', index: 0, section_field: 1009 },
  ],
};

function loaders(options: { cvs?: Record<string, GeneratedCvDetail>; draft?: BuilderDraft } = {}) {
  const calls: string[] = [];
  const templates = { 1: classicTemplate, 4: timelineTemplate } as Record<number, typeof classicTemplate>;
  const removed: string[] = [];
  const api: CvLoaders = {
    getGeneratedCv: async (reference) => {
      calls.push(`cv ${reference}`);
      const found = options.cvs?.[String(reference)];
      if (!found) throw new ApiError('Not found.', { status: 404 });
      return found;
    },
    getTemplate: async (id) => {
      calls.push(`template ${id}`);
      const found = templates[id];
      if (!found) throw new ApiError('Template not found.', { status: 404 });
      return found;
    },
    readDraft: () => options.draft,
    removeDraft: (routeId) => removed.push(routeId),
  };
  return { api, calls, removed };
}

describe('loading the builder for /dashboard/{id} (spec §2 CV builder)', () => {
  it('opens a uuid as a generated CV, then its template', async () => {
    const { api, calls } = loaders({ cvs: { [UUID]: savedDetail } });
    const loaded = await loadBuilderCv(UUID, api);
    expect(calls).toEqual([`cv ${UUID}`, 'template 1']);
    expect(loaded.cv).toEqual({
      id: 42,
      uuid: UUID,
      name: 'Software Engineer 2024',
      template: 1,
      entries: [
        { value: 'Ada', index: 0, section_field: 1001 },
        { value: 'Engineer', index: 0, section_field: 1009 },
      ],
    });
    expect(loaded).toMatchObject({
      isSaved: true,
      isEditing: true,
      completedSections: [0, 2],
      expandedSections: [1],
    });
  });

  it('tries a numeric id as a generated CV first', async () => {
    const { api, calls } = loaders({ cvs: { '42': savedDetail } });
    const loaded = await loadBuilderCv('42', api);
    expect(calls).toEqual(['cv 42', 'template 1']);
    expect(loaded.cv.id).toBe(42);
  });

  it('treats a numeric id as a template when no CV has it: a new CV, not editing, not saved', async () => {
    const { api, calls } = loaders();
    const loaded = await loadBuilderCv('4', api);
    expect(calls).toEqual(['cv 4', 'template 4']);
    expect(loaded).toEqual(newCv(timelineTemplate));
    expect(loaded).toMatchObject({
      isSaved: false,
      isEditing: false,
      expandedSections: [0],
      entryCounts: [1, 1, 1],
    });
    expect(loaded.cv).toEqual({ name: '', template: 4, entries: [] });
  });

  it('fails when neither a CV nor a template has the id', async () => {
    const { api } = loaders();
    await expect(loadBuilderCv('999', api)).rejects.toThrow('Template not found.');
  });

  it('fails at once for an id that is neither digits nor a uuid', async () => {
    const { api, calls } = loaders();
    await expect(loadBuilderCv('abc', api)).rejects.toThrow('"abc" is neither a template id nor a CV id.');
    expect(calls).toEqual([]);
  });

  it('restores the draft left at this address before asking for the CV', async () => {
    const draft: BuilderDraft = {
      version: 1,
      cv: { name: 'Draft name', template: 1, id: 42, uuid: UUID },
      formData: { 'Personal Details': { 'full_name-1001-0': 'Ada (unsaved edit)' } },
      entryCounts: [1, 1, 3, 1],
      completedSections: [0],
      expandedSections: [2],
      isSaved: true,
      isEditing: true,
    };
    const { api, calls } = loaders({ cvs: { [UUID]: savedDetail }, draft });
    const loaded = await loadBuilderCv(UUID, api);
    expect(calls).toEqual(['template 1']);
    expect(loaded.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada (unsaved edit)' });
    expect(loaded.formData['Work Experience']).toEqual({});
    expect(loaded).toMatchObject({
      entryCounts: [1, 1, 3, 1],
      completedSections: [0],
      expandedSections: [2],
    });
    expect(loaded.cv).toMatchObject({ id: 42, uuid: UUID, name: 'Draft name', template: 1 });
  });

  it('drops a draft whose template is gone and loads by the address', async () => {
    const draft = {
      version: 1,
      cv: { name: '', template: 77 },
      formData: {},
      entryCounts: [],
      completedSections: [],
      expandedSections: [],
      isSaved: false,
      isEditing: false,
    } as BuilderDraft;
    const { api, removed } = loaders({ draft });
    const loaded = await loadBuilderCv('1', api);
    expect(removed).toEqual(['1']);
    expect(loaded.template).toBe(classicTemplate);
  });
});
