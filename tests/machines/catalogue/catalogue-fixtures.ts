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
