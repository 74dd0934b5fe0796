import { fromPromise } from 'xstate';
import type { BinnedCoverLetter, BinnedCv, RestoredCoverLetter } from '../../../src/api/bin';
import { letterBinMachine } from '../../../src/machines/catalogue/letter-bin-machine';
import { recentlyDeletedMachine } from '../../../src/machines/catalogue/recently-deleted-machine';
import type { GeneratedCv } from '../../../src/api/cvs';
import type { Tag, Template } from '../../../src/api/templates';

// Test data for the catalogue machines and views: templates 1…n, the first `professional` in category 1.

export const PROFESSIONAL: Tag = { value: '1', label: 'Professional' };
export const MODERN: Tag = { value: '2', label: 'Modern' };

export function makeTemplates(count: number, professional = count): Template[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const tag = id <= professional ? PROFESSIONAL : MODERN;
    return {
      id,
      name: `Template ${id}`,
      icon: `/static/templates/t${id}/icon.png`,
      category: { value: tag.value },
    };
  });
}

export function makeCv(id: number, template: number, name = `CV ${id}`): GeneratedCv {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    url: `http://localhost:8000/v1/GeneratedCV/${id}/`,
    name,
    template,
    created: '2024-05-01T09:30:00.000Z',
    last_updated: '2024-05-02T10:15:00.000Z',
  };
}

/** The cover letters' group of Recently deleted, on a bin that answers `letters` and never calls out. */
export function fakeLetterBin(letters: BinnedCoverLetter[] = []) {
  return letterBinMachine.provide({
    actors: {
      loadLetterBin: fromPromise(async () => letters),
      restoreLetter: fromPromise<RestoredCoverLetter, { uuid: string }>(async ({ input }) => {
        const item = letters.find((candidate) => candidate.uuid === input.uuid)!;
        return { id: 31, uuid: item.uuid, name: item.name };
      }),
      deleteLetterForever: fromPromise<void, { uuid: string }>(async () => undefined),
    },
  });
}

/**
 * Recently deleted as CV management runs it, on a bin that answers `items` (empty by default) and `letters` and
 * never calls out.
 */
export function fakeRecentlyDeleted(items: BinnedCv[] = [], letters: BinnedCoverLetter[] = []) {
  return recentlyDeletedMachine.provide({
    actors: {
      letterBin: fakeLetterBin(letters),
      loadBin: fromPromise(async () => items),
      restoreCv: fromPromise<GeneratedCv, { uuid: string }>(async ({ input }) => {
        const item = items.find((candidate) => candidate.uuid === input.uuid)!;
        return { id: 900, uuid: item.uuid, name: item.name, template: item.template ?? 1 };
      }),
      deleteForever: fromPromise<void, { uuid: string }>(async () => undefined),
    },
  });
}
