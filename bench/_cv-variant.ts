import type { CvFormData } from '../server/src/cv-input/values.js';

/** The same CV under another name (`token` appended to it): a distinct document, so no cache answers it. */
export function variant(sample: CvFormData, token: string): CvFormData {
  const personal = Object.keys(sample)[0]!;
  const values = { ...sample[personal] };
  const nameKey = Object.keys(values).find((key) => key.startsWith('full_name-'))!;
  values[nameKey] = `${String(values[nameKey])} ${token}`;
  return { ...sample, [personal]: values };
}
