import type { CvLayout } from '../api/cvs';
import type { TemplateSection } from '../api/templates';
import { switchTemplateValues, type CvFormData } from './form-data';
import { layoutForTemplate, stashKindsOf, withStashKinds, type LayoutStash } from './layout';

// One template switch of a CV: its values and its shape (order, hidden sections, headings, sections of its own)
// go to the new template's sections of the same kind (./section-kinds), and what the new template has no place
// for waits in the two stashes, which the builder keeps in the CV's local draft. Any path through other templates
// and back gives the same CV (tests/cv/template-switch.test.ts walks every pair of the 16 templates and random
// paths through them).

/** A CV as a switch carries it: what it shows and what waits for another template. */
export interface SwitchableCv {
  formData: CvFormData;
  layout: CvLayout;
  /** Values with no place in the current template, by the name of the section they were typed in. */
  stash: CvFormData;
  /** How the sections with no place were shaped, and the kind of every stashed section. */
  layoutStash: LayoutStash;
}

export function switchTemplate(
  cv: SwitchableCv,
  from: readonly TemplateSection[],
  to: readonly TemplateSection[],
): SwitchableCv {
  const values = switchTemplateValues(from, to, cv.formData, cv.stash, stashKindsOf(cv.layoutStash));
  const shaped = layoutForTemplate(cv.layout, from, to, cv.layoutStash);
  return {
    formData: values.formData,
    layout: shaped.layout,
    stash: values.stash,
    layoutStash: withStashKinds(shaped.stash, values.stashKinds),
  };
}
