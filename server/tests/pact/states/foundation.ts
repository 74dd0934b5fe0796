import type { ProviderStates } from '../provider-state.js';

export const states: ProviderStates = {
  // The CSRF call needs nothing seeded; the state exists so interactions without one read naturally.
  'any visitor': async () => undefined,
};
