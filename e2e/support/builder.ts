import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

// The builder as a person meets it: section cards, their fields, the preview, the Download menu.

/**
 * Waits until a card or entry picked up with Space listens for the arrows: dnd-kit's keyboard sensor adds its key
 * listener in a timer (so the Space that picked it up is not taken for a move), and the 'Picked up' announcement can
 * be on screen before that timer ran. A timer set now runs after it.
 */
export async function untilArrowsMove(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Moves a section with the keyboard alone: Tab to its handle, Space, the arrows, Space. `from` is its number on the card. */
export async function moveWithKeyboard(page: Page, name: string, from: number, steps: number): Promise<void> {
  // A move's announcements wait as long as the journeys that move sections wait for anything (30 s).
  const announced = expect.configure({ timeout: 30_000 });
  await page.getByRole('button', { name: `Move ${name}`, exact: true }).focus();
  await page.keyboard.press('Space');
  await announced(page.getByText(new RegExp(`Picked up ${name}, ${from} of`))).toBeAttached();
  await untilArrowsMove(page);
  // Each arrow moves the section one place, as the screen reader says, before the next one is pressed.
  for (let i = 1; i <= Math.abs(steps); i++) {
    await page.keyboard.press(steps < 0 ? 'ArrowUp' : 'ArrowDown');
    const at = from + (steps < 0 ? -i : i);
    await announced(page.getByText(new RegExp(`${name} is at position ${at} of`))).toBeAttached();
  }
  await page.keyboard.press('Space');
  await announced(
    page.getByText(new RegExp(`${name} dropped at position ${from + steps} of`)),
  ).toBeAttached();
}

export const UUID_ADDRESS = /\/dashboard\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A new CV's address: its template's number and its own draft id. */
export const NEW_CV_ADDRESS = (templateId: number) =>
  new RegExp(
    `/dashboard/${templateId}\\?draft=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
  );

export function section(page: Page, name: string): Locator {
  return page.locator(`[data-testid="section-card"][data-section="${name}"]`);
}

export function sectionHeader(card: Locator): Locator {
  return card.locator('button[aria-expanded]');
}

export async function openSection(page: Page, name: string): Promise<Locator> {
  const card = section(page, name);
  const header = sectionHeader(card);
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  return card;
}

export function htmlPreview(page: Page) {
  return page.frameLocator('[data-testid="html-preview"]');
}

/** Downloads from the builder's Download menu; `choice` is the item's text ('PDF', 'Save and download PDF', …). */
export async function downloadFrom(page: Page, choice: string) {
  const arrival = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  const file = await arrival;
  const path = join(process.env.E2E_TMP!, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

/**
 * Saves the CV under `name` and waits for the 'CV Saved' toast: a new CV through the 'Save CV' dialog, a saved one
 * with that name at once, a saved one under another name through 'Rename…'.
 */
export async function saveAs(page: Page, name: string) {
  const saved = UUID_ADDRESS.test(new URL(page.url()).pathname);
  if (saved && (await page.getByTestId('cv-name').textContent()) === name) {
    await page.getByRole('button', { name: 'Save CV' }).click();
    await expect(page.getByTestId('toast')).toContainText(`Your CV "${name}" has been saved successfully.`);
    return;
  }
  if (saved) {
    await page.getByRole('button', { name: 'More ways to save' }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
  } else await page.getByRole('button', { name: 'Save CV' }).click();
  const dialog = page.getByRole('dialog', { name: saved ? 'Rename CV' : 'Save CV' });
  await dialog.getByLabel('CV Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Your CV "${name}" has been saved successfully.`);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(UUID_ADDRESS);
}
