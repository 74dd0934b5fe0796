import type { ProviderStates } from '../provider-state.js';

/*
 * Provider states the web's template catalogue needs that no server domain defines yet.
 *
 * - 'the template catalogue is seeded' → the templates of server/templates/** (ids from their template.json,
 *   e.g. 1 'Executive Classic' in tag 1 'Professional'), which the verifier keeps across states; reads are
 *   anonymous, so nothing else is set up.
 */
export const CATALOGUE_TEMPLATE_ID = 1;
export const UNKNOWN_TEMPLATE_ID = 999_999;

export const states: ProviderStates = {
  'the template catalogue is seeded': async () => undefined,
};
