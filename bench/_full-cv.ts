// The CV the benches save: every field of a template filled, repeatable sections three times — a CV of a real size.

export interface BenchTemplate {
  id: number;
  sections: Array<{
    is_repeatable: boolean;
    input_fields: Array<{ id: number; widget_type: string; name?: string }>;
  }>;
}

export function fullCv(template: BenchTemplate) {
  const entries: Array<{ value: string; index: number; section_field: number }> = [];
  for (const section of template.sections) {
    for (let index = 0; index < (section.is_repeatable ? 3 : 1); index++) {
      for (const field of section.input_fields)
        entries.push({ value: valueFor(field, index), index, section_field: field.id });
    }
  }
  return { name: 'Benchmark CV', template: template.id, entries };
}

function valueFor(field: { id: number; widget_type: string; name?: string }, index: number): string {
  switch (field.widget_type) {
    case 'date':
      return '2020-03-01';
    case 'checkbox':
      return 'false';
    case 'email-input':
      return 'ada@example.com';
    case 'phone-input':
      return '+1 2025550123';
    case 'richtext-input':
      return `<p>Led the ${field.name ?? 'team'} work for entry ${index + 1}: shipped the analytical engine's first programs, cut run time by a third and mentored four engineers.</p><ul><li>Designed the card reader</li><li>Wrote the manual</li></ul>`;
    default:
      return `${(field.name ?? `value ${field.id}`).replace(/_/g, ' ')} ${index + 1}`;
  }
}
