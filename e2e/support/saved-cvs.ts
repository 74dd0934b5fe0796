import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';

// Saved CVs for the journeys: signed in and created through the API, as the builder would save them.

export interface CvEntry {
  value: string;
  index: number;
  section_field: number;
}

export interface SavedCv {
  id: number;
  uuid: string;
  name: string;
}

async function csrfToken(page: Page): Promise<string> {
  await page.request.get('/auth/csrf/');
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
}

/**
 * Signs in with the API and stores the user id the way the sign-in screen does. The id is written on the server's
 * health page — same origin, no app on it — so no screen sends the page on while it is written (the sign-in screen
 * sends a visitor who is already signed in on, sometimes twice). The page is left there: go where the journey goes.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<number> {
  const response = await page.request.post('/auth/login/', {
    data: { email, password },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(response.status()).toBe(200);
  const { user_id } = (await response.json()) as { user_id: number };
  await page.goto('/healthz');
  await page.evaluate((id) => localStorage.setItem('user_id', String(id)), user_id);
  return user_id;
}

/** POST /v1/GeneratedCV/ with the page's session. */
export async function createCvThroughApi(
  page: Page,
  cv: { name: string; template: number; entries: CvEntry[] },
): Promise<SavedCv> {
  const response = await page.request.post('/v1/GeneratedCV/', {
    data: cv,
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const saved = (await response.json()) as SavedCv;
  return { id: saved.id, uuid: saved.uuid, name: saved.name };
}

/** The CV's row as the server keeps it, read straight from the journey's SQLite file. */
export function cvRow(id: number): { id: number; name: string; archived_at: string | null } | undefined {
  const tmp = process.env.E2E_TMP;
  if (!tmp) throw new Error('E2E_TMP is not set: run the journeys with `npx playwright test`');
  const db = new Database(join(tmp, 'cv-builder.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select id, name, archived_at from generated_cvs where id = ?').get(id) as
      { id: number; name: string; archived_at: string | null } | undefined;
  } finally {
    db.close();
  }
}
