import type { ProviderStates } from '../provider-state.js';

/** The address the state sets; the consumer test expects it by type. */
export const SUPPORT_EMAIL = 'support@example.com';

/*
 * Provider states for /contact (an extension):
 * - 'the operator has set a support address' → SUPPORT_EMAIL as if started with SUPPORT_EMAIL=support@example.com
 * - 'the operator has set no support address' → none
 */
export const states: ProviderStates = {
  'the operator has set a support address': async ({ app }) => {
    app.config.supportEmail = SUPPORT_EMAIL;
  },
  'the operator has set no support address': async ({ app }) => {
    app.config.supportEmail = null;
  },
};
