import type { TemplateDetail } from '../api/templates';
import { formDataKey, isBlank, type CvFormData } from './form-data';

/** What the person's account knows that a CV's personal details ask for. */
export interface AccountDetails {
  full_name: string;
  email: string;
  phone_number: string | null;
}

/** The personal-details fields the account fills, by the template's field names. */
const FROM_ACCOUNT: Record<string, (account: AccountDetails) => string | null> = {
  full_name: (account) => account.full_name,
  email: (account) => account.email,
  phone: (account) => account.phone_number,
};

/**
 * A new CV's personal details from the person's account: name, email and phone, into the first section that asks
 * for them, and only where the field is still empty (a value typed or kept in a draft is never overwritten).
 */
export function prefillFromAccount(
  template: Pick<TemplateDetail, 'sections'>,
  formData: CvFormData,
  account: AccountDetails | undefined,
): CvFormData {
  if (!account) return formData;
  const section = template.sections.find((candidate) =>
    candidate.input_fields.some((field) => field.name in FROM_ACCOUNT),
  );
  if (!section) return formData;
  const values = { ...formData[section.name] };
  let filled = false;
  for (const field of section.input_fields) {
    const value = FROM_ACCOUNT[field.name]?.(account)?.trim();
    const key = formDataKey(field.name, field.id, 0);
    if (!value || !isBlank(values[key])) continue;
    values[key] = value;
    filled = true;
  }
  return filled ? { ...formData, [section.name]: values } : formData;
}
