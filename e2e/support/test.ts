import { test as base } from '@playwright/test';

/**
 * The journeys' `test`: a person who leaves the builder with unsaved changes answers the browser's leave-page
 * prompt with 'Leave' (Playwright would dismiss it, which cancels the navigation). Their work is in the draft.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    page.on('dialog', (dialog) => {
      if (dialog.type() === 'beforeunload') void dialog.accept();
    });
    await provide(page);
  },
});

export { expect } from '@playwright/test';
