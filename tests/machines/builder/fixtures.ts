import type { InputField, TemplateDetail, TemplateSection } from '../../../src/api/templates';

// Two small templates shaped like the server's: same field names, different ids and section names.

function field(id: number, name: string, widget_type = 'text-input', is_required = false): InputField {
  const widget_label = name.replace(/_/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
  return { id, name, widget_label, widget_type, description: '', is_required };
}

function section(
  id: number,
  name: string,
  is_repeatable: boolean,
  input_fields: InputField[],
): TemplateSection {
  return {
    id,
    name,
    description: `${name} section`,
    is_active: true,
    is_required: false,
    is_repeatable,
    input_fields,
  };
}

export const classicTemplate: TemplateDetail = {
  id: 1,
  name: 'Executive Classic',
  icon: '/static/templates/executive-classic/icon.png',
  category: { value: '1', label: 'Professional' },
  sections: [
    section(101, 'Personal Details', false, [
      field(1001, 'full_name', 'text-input', true),
      field(1003, 'email', 'email-input', true),
      field(1004, 'phone', 'phone-input'),
      field(1005, 'location'),
    ]),
    section(102, 'Professional Summary', false, [field(1008, 'summary')]),
    section(103, 'Work Experience', true, [
      field(1009, 'job_title', 'text-input', true),
      field(1010, 'company', 'text-input', true),
      field(1011, 'location'),
      field(1012, 'start_date', 'date'),
      field(1014, 'currently_working', 'checkbox'),
      field(1015, 'description', 'richtext-input'),
    ]),
    section(105, 'Skills', true, [field(1022, 'skill_name', 'text-input', true)]),
  ],
};

export const timelineTemplate: TemplateDetail = {
  id: 4,
  name: 'Modern Timeline',
  icon: null,
  category: { value: '2', label: 'Modern' },
  sections: [
    section(401, 'Personal Details', false, [
      field(4001, 'full_name', 'text-input', true),
      field(4003, 'email', 'email-input', true),
      field(4005, 'location'),
    ]),
    section(403, 'Career History', true, [
      field(4009, 'job_title', 'text-input', true),
      field(4010, 'company', 'text-input', true),
      field(4011, 'location'),
      field(4012, 'start_date', 'date'),
    ]),
    section(404, 'Education', true, [field(4016, 'degree'), field(4019, 'start_date', 'date')]),
  ],
};
