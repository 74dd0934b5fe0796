import { ApiError } from '../../src/api/api-error';
import type { GeneratedCvDetail } from '../../src/api/cvs';
import type { BuilderDraft } from '../../src/drafts/draft';
import { cvFingerprint } from '../../src/cv/form-data';
import { resolveBuilderTarget } from '../../src/cv/identity';
import {
  hasUnsavedChanges,
  loadBuilderCv,
  newCv,
  savedCv,
  type CvLoaders,
} from '../../src/drafts/load-cv';
import { classicTemplate, timelineTemplate } from '../machines/builder/fixtures';

const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';
const DRAFT_ID = '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
const MINTED = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const savedDetail: GeneratedCvDetail = {
  id: 42,
  uuid: UUID,
  name: 'Software Engineer 2024',
  template: 1,
  entries: [
    { id: 1, value: 'Ada', index: 0, section_field: 1001 },
    { id: 2, value: 'Engineer', index: 0, section_field: 1009 },
  ],
  last_updated: '2026-11-20T10:00:00.000Z',
};

function draftOf(overrides: Partial<BuilderDraft>): BuilderDraft {
  return {
    version: 2,
    owner: '7',
    cv: { name: '', template: 1 },
    formData: {},
    stash: {},
    entryCounts: [1, 1, 1, 1],
    completedSections: [],
    expandedSections: [0],
    isSaved: false,
    isEditing: false,
    unsaved: true,
    updatedAt: 1,
    ...overrides,
  };
}

function loaders(
  options: { cvs?: Record<string, GeneratedCvDetail>; drafts?: Record<string, BuilderDraft> } = {},
) {
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
    readDraft: (key) => {
      calls.push(`draft ${key}`);
      return options.drafts?.[key];
    },
    removeDraft: (key) => removed.push(key),
    mintDraftId: () => MINTED,
  };
  return { api, calls, removed };
}

const load = (routeId: string, api: CvLoaders, draftId?: string) =>
  loadBuilderCv(resolveBuilderTarget(routeId, draftId), api);

describe('which CV /dashboard/{id}?draft=… opens (the intent in the address first)', () => {
  it('opens a uuid as that saved CV, then its template', async () => {
    const { api, calls } = loaders({ cvs: { [UUID]: savedDetail } });
    const loaded = await load(UUID, api);
    expect(calls).toEqual([`cv ${UUID}`, 'template 1', `draft cv:${UUID}`]);
    expect(loaded.identity).toEqual({ kind: 'saved', uuid: UUID });
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
      base: { lastUpdated: '2026-11-20T10:00:00.000Z' },
    });
    expect(hasUnsavedChanges(loaded)).toBe(false);
  });

  it("opens a template id with a draft id as a new CV, even when a saved CV has the template's number", async () => {
    const { api, calls } = loaders({ cvs: { '4': { ...savedDetail, id: 4 } } });
    const loaded = await load('4', api, DRAFT_ID);
    expect(calls).toEqual([`draft new:${DRAFT_ID}`, 'template 4']);
    expect(loaded).toEqual(newCv(timelineTemplate, DRAFT_ID));
    expect(loaded.cv).toEqual({ name: '', template: 4, entries: [] });
  });

  it('keeps the order for a bare number: a generated CV first', async () => {
    const { api, calls } = loaders({ cvs: { '42': savedDetail } });
    const loaded = await load('42', api);
    expect(calls).toEqual(['cv 42', 'template 1', `draft cv:${UUID}`]);
    expect(loaded.identity).toEqual({ kind: 'saved', uuid: UUID });
  });

  it('treats a bare number no CV has as a template: a new CV with a draft id of its own', async () => {
    const { api, calls } = loaders();
    const loaded = await load('4', api);
    expect(calls).toEqual(['cv 4', 'template 4']);
    expect(loaded).toEqual(newCv(timelineTemplate, MINTED));
    expect(loaded).toMatchObject({ isSaved: false, isEditing: false, expandedSections: [0] });
  });

  it('fails when neither a CV nor a template has the id', async () => {
    const { api } = loaders();
    await expect(load('999', api)).rejects.toThrow('Template not found.');
  });

  it('fails at once for an id that is neither digits nor a uuid', () => {
    expect(() => resolveBuilderTarget('abc')).toThrow('"abc" is neither a template id nor a CV id.');
  });

  it('ignores a draft parameter that is not a draft id', () => {
    expect(resolveBuilderTarget('4', 'x')).toEqual({ kind: 'numeric', id: 4 });
  });

  it("restores a new CV's draft, in the template it was left in", async () => {
    const draft = draftOf({
      cv: { name: '', template: 4 },
      formData: { 'Personal Details': { 'full_name-4001-0': 'Ada' } },
      entryCounts: [1, 1, 1],
    });
    const { api } = loaders({ drafts: { [`new:${DRAFT_ID}`]: draft } });
    const loaded = await load('1', api, DRAFT_ID);
    expect(loaded.template).toBe(timelineTemplate);
    expect(loaded.identity).toEqual({ kind: 'new', draftId: DRAFT_ID });
    expect(loaded.formData['Personal Details']).toEqual({ 'full_name-4001-0': 'Ada' });
  });

  it("prefers the person's draft of a saved CV while it holds unsaved changes", async () => {
    const saved = savedCv(savedDetail, classicTemplate);
    const draft = draftOf({
      cv: { name: 'Draft name', template: 1, id: 42, uuid: UUID },
      formData: { 'Personal Details': { 'full_name-1001-0': 'Ada (unsaved edit)' } },
      entryCounts: [1, 1, 3, 1],
      completedSections: [0],
      expandedSections: [2],
      isSaved: true,
      isEditing: true,
      base: saved.base,
    });
    const { api } = loaders({ cvs: { [UUID]: savedDetail }, drafts: { [`cv:${UUID}`]: draft } });
    const loaded = await load(UUID, api);
    expect(loaded.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada (unsaved edit)' });
    expect(loaded).toMatchObject({
      entryCounts: [1, 1, 3, 1],
      completedSections: [0],
      expandedSections: [2],
    });
    expect(loaded.cv).toMatchObject({ id: 42, uuid: UUID, name: 'Draft name', template: 1 });
    expect(hasUnsavedChanges(loaded)).toBe(true);
  });

  it('prefers the server copy over a draft without changes, keeping what the draft set aside', async () => {
    const saved = savedCv(savedDetail, classicTemplate);
    const draft = draftOf({
      cv: { name: saved.cv.name, template: 1, id: 42, uuid: UUID },
      formData: saved.formData,
      stash: { Languages: { 'language-9-0': 'French' } },
      unsaved: false,
      base: { fingerprint: cvFingerprint(saved.cv, saved.formData) },
    });
    const newer = { ...savedDetail, entries: [{ id: 9, value: 'Ada L.', index: 0, section_field: 1001 }] };
    const { api } = loaders({ cvs: { [UUID]: newer }, drafts: { [`cv:${UUID}`]: draft } });
    const loaded = await load(UUID, api);
    expect(loaded.formData['Personal Details']).toEqual({ 'full_name-1001-0': 'Ada L.' });
    expect(loaded.stash).toEqual({ Languages: { 'language-9-0': 'French' } });
  });

  it('drops a draft whose template is gone and loads by the address', async () => {
    const draft = draftOf({ cv: { name: '', template: 77 } });
    const { api, removed } = loaders({ drafts: { [`new:${DRAFT_ID}`]: draft } });
    const loaded = await load('1', api, DRAFT_ID);
    expect(removed).toEqual([`new:${DRAFT_ID}`]);
    expect(loaded.template).toBe(classicTemplate);
  });
});
