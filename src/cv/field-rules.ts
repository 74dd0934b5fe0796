import type { InputField, TemplateSection } from '../api/templates';
import { isEmail } from '../../rules/account';
import { isAllowedLink } from '../../rules/cv';
import { msg, type Message } from '../../rules/languages';
import { DATE_MESSAGES, endsBeforeStart, isAcceptedCvDate } from '../../rules/cv-date';
import { cvPhoneProblem } from '../account/phone-rules';
import { formDataKey, isBlank, parseFormDataKey, type CvFormData } from './form-data';
import { currentFieldOf, isEndDateField, startFieldOf } from './cv-dates';
import { isTicked, widgetKindOf } from './widgets';

// What a CV's field refuses, said at the field. A value that breaks a rule is never thrown away: an import keeps it
// as typed and names it, the field shows the message, its section is not marked completed, and Save takes the person
// to it instead of failing on the server (which refuses an impossible phone number; see server/src/cv-input/).

export const FIELD_MESSAGES = {
  email: msg('This is not an email address like name@example.com. Please check it.'),
  date: DATE_MESSAGES.notADate,
  endBeforeStart: DATE_MESSAGES.endBeforeStart,
  link: msg('Only web (http, https) and email (mailto) addresses can be links. Please check it.'),
} as const;

/** Fields that hold a link: a website, a network's profile, a credential's or a project's address. */
const LINK_FIELD = /_url$|^(website|linkedin|github|orcid|portfolio_site)$/;

export function isLinkField(field: Pick<InputField, 'name'>): boolean {
  return LINK_FIELD.test(field.name);
}

/**
 * What is wrong with a field's value, in words for under the field; undefined when nothing is. An end date is also
 * checked against its entry's start date (`startValue`), unless the entry has not ended (`current`: its 'Currently
 * working here' box is ticked).
 */
export function fieldProblem(
  field: Pick<InputField, 'name' | 'widget_type'>,
  value: string | undefined,
  startValue?: string,
  current = false,
): string | undefined {
  if (value === undefined || isBlank(value)) return undefined;
  const kind = widgetKindOf(field);
  if (kind === 'phone') return cvPhoneProblem(value);
  if (kind === 'email') return isEmail(value) ? undefined : FIELD_MESSAGES.email;
  if (kind === 'date') {
    if (!isAcceptedCvDate(value, isEndDateField(field))) return FIELD_MESSAGES.date;
    return endsBeforeStart(startValue, value, current) ? FIELD_MESSAGES.endBeforeStart : undefined;
  }
  if (isLinkField(field) && !isAllowedLink(value)) return FIELD_MESSAGES.link;
  return undefined;
}

/** A field whose value breaks a rule: where it is and what is wrong. */
export interface FieldProblem {
  sectionIndex: number;
  section: TemplateSection;
  field: InputField;
  /** The repeat index of the entry that holds it. */
  index: number;
  /** Its form-data key (`name-fieldId-index`). */
  key: string;
  value: string;
  message: string;
}

/** Every value of the form that breaks a rule, in the order the builder shows them. */
export function fieldProblems(sections: readonly TemplateSection[], formData: CvFormData): FieldProblem[] {
  const problems: FieldProblem[] = [];
  sections.forEach((section, sectionIndex) => {
    const values = formData[section.name] ?? {};
    const found = Object.entries(values).flatMap(([key, value]) => {
      const parsed = parseFormDataKey(key);
      const field = parsed && section.input_fields.find((candidate) => candidate.id === parsed.fieldId);
      const start = field && startFieldOf(section, field);
      const startValue =
        start && parsed ? values[formDataKey(start.name, start.id, parsed.index)] : undefined;
      const currentBox = start && currentFieldOf(section);
      const current =
        currentBox !== undefined &&
        parsed !== undefined &&
        isTicked(values[formDataKey(currentBox.name, currentBox.id, parsed.index)]);
      const message = field && fieldProblem(field, value, startValue, current);
      return parsed && field && message
        ? [{ sectionIndex, section, field, index: parsed.index, key, value, message }]
        : [];
    });
    const order = (problem: FieldProblem) =>
      problem.index * 1000 + section.input_fields.indexOf(problem.field);
    problems.push(...found.sort((a, b) => order(a) - order(b)));
  });
  return problems;
}

/** The sections that hold a value breaking a rule: they are not completed until it is put right. */
export function sectionsWithProblems(
  sections: readonly TemplateSection[],
  formData: CvFormData,
): Set<number> {
  return new Set(fieldProblems(sections, formData).map((problem) => problem.sectionIndex));
}

/**
 * Where a problem is, as people read it: "Personal Details: 'Phone Number'", "Education, entry 2: 'Start Date'", a
 * message a view says through its `t`. The field's label comes with its quotes: an ICU message cannot hold an
 * apostrophe right before a placeholder.
 */
export function problemPlace(problem: Pick<FieldProblem, 'section' | 'field' | 'index'>): Message {
  const field = `'${problem.field.widget_label}'`;
  return problem.section.is_repeatable && problem.index > 0
    ? {
        id: msg('{section}, entry {entry}: {field}'),
        values: { section: problem.section.name, entry: problem.index + 1, field },
      }
    : { id: msg('{section}: {field}'), values: { section: problem.section.name, field } };
}
