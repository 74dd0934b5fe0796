import type { Kysely } from 'kysely';
import { readDesign } from '../../../src/cv-input/design.js';
import type { CvDesign } from '../../../src/render/design.js';
import { readLayout } from '../../../src/cv-input/layout.js';
import type { CvLayout } from '../../../src/render/input.js';
import type { Database } from '../../../src/db/schema.js';
import type { ProviderStates } from '../provider-state.js';

/*
 * Provider states for saved CVs (GeneratedCV, CVFieldEntry, downloads, send-email). Every row is
 * inserted with a FIXED id so consumer tests can name it in paths and expect it in answers:
 * use the constants below rather than copying the numbers.
 *
 * Sentences:
 * - 'a signed-in user with no saved CVs'            → CV_OWNER signed in, nothing saved (POST creates id ≥ 1)
 * - 'a signed-in user with a saved CV'              → CV_OWNER signed in, SAVED_CV (template 1, 4 entries)
 * - 'a signed-in user with saved CVs on two templates' → SAVED_CV and SECOND_CV (template 2); the list answers SECOND_CV first
 * - "a signed-in user and another user's CV"        → CV_OWNER signed in, nothing of theirs; OTHER_USERS_CV belongs
 *                                                     to OTHER_USER: every route on it is 404 for the signed-in user
 * - 'a signed-in user with a saved CV shaped by its own layout' → SAVED_CV with SHAPED_LAYOUT
 * - 'a signed-in user with a saved CV with its own design' → SAVED_CV with SAVED_DESIGN
 */

export const CV_OWNER = { id: 1, email: 'ada@example.com', full_name: 'Ada Lovelace' } as const;
export const OTHER_USER = { id: 2, email: 'grace@example.com', full_name: 'Grace Hopper' } as const;

export const SAVED_CV = {
  id: 7,
  uuid: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  name: 'Software Engineer 2024',
  template: 1,
  created: '2024-05-01T09:30:00.000Z',
  last_updated: '2024-05-02T10:15:00.000Z',
  // Template 1 (Executive Classic): 1001 full_name, 1003 email, 1009 job title of a repeatable
  // Work Experience entry (index 0 and 1), 1015 its rich-text description.
  entries: [
    { id: 101, value: 'Ada Lovelace', index: 0, section_field: 1001 },
    { id: 102, value: 'ada@example.com', index: 0, section_field: 1003 },
    { id: 103, value: 'Analyst Programmer', index: 0, section_field: 1009 },
    { id: 104, value: 'Engine Designer', index: 1, section_field: 1009 },
    { id: 105, value: '<p>Wrote the <strong>first</strong> program.</p>', index: 0, section_field: 1015 },
  ],
} as const;

export const SECOND_CV = {
  id: 9,
  uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Data Analyst',
  template: 2,
  created: '2024-06-10T08:00:00.000Z',
  last_updated: '2024-06-10T08:00:00.000Z',
  // Template 2 (Corporate Sidebar): 2001 full_name, 2008 skill_name.
  entries: [
    { id: 201, value: 'Ada Lovelace', index: 0, section_field: 2001 },
    { id: 202, value: 'Statistics', index: 0, section_field: 2008 },
  ],
} as const;

export const OTHER_USERS_CV = {
  id: 8,
  uuid: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  name: 'Grace’s CV',
  template: 1,
  created: '2024-04-01T12:00:00.000Z',
  last_updated: '2024-04-01T12:00:00.000Z',
  entries: [{ id: 301, value: 'Grace Hopper', index: 0, section_field: 1001 }],
} as const;

/** A Letter CV, fitted to one page, in a colour and a font of its own (every key, as the API answers). */
export const SAVED_DESIGN = {
  page_size: 'Letter',
  margins: 'narrow',
  accent_color: '#1565c0',
  font: 'noto-serif',
  font_size: 'small',
  line_spacing: 'compact',
  fit_one_page: true,
  direction: 'auto',
  language: 'ja',
} as const;

/** Work Experience first, Skills hidden, a renamed heading and a custom section (template 1's ids). */
export const SHAPED_LAYOUT = {
  section_order: [103, 'custom-volunteering', 102],
  hidden_sections: [105],
  section_titles: { '103': 'Professional Experience' },
  custom_sections: [
    {
      key: 'custom-volunteering',
      title: 'Volunteering',
      entries: [
        {
          title: 'Mentor',
          subtitle: 'Code Club',
          location: 'London',
          start_date: '2019-09',
          end_date: '',
          current: true,
          description: '<p>Weekly sessions.</p>',
        },
      ],
    },
  ],
};

/** The `url` field of a CV in answers: PUBLIC_URL of the verified server + the detail path. */
export const cvPath = (cv: { id: number }) => `/v1/GeneratedCV/${cv.id}/`;

type Person = { id: number; email: string; full_name: string };
type SeededCv = typeof SAVED_CV | typeof SECOND_CV | typeof OTHER_USERS_CV;

export async function insertUser(db: Kysely<Database>, person: Person): Promise<void> {
  const at = '2024-01-01T00:00:00.000Z';
  await db
    .insertInto('users')
    .values({
      id: person.id,
      full_name: person.full_name,
      email: person.email,
      email_normalized: person.email,
      phone_number: '+1 555 0100',
      password_hash: null,
      is_active: 1,
      is_staff: 0,
      is_superuser: 0,
      email_confirmed_at: at,
      password_changed_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function insertCv(
  db: Kysely<Database>,
  ownerId: number,
  cv: SeededCv,
  layout?: CvLayout,
  design?: CvDesign,
): Promise<void> {
  await db
    .insertInto('generated_cvs')
    .values({
      id: cv.id,
      uuid: cv.uuid,
      name: cv.name,
      template_id: cv.template,
      owner_id: ownerId,
      created: cv.created,
      last_updated: cv.last_updated,
      archived_at: null,
      layout: layout ? JSON.stringify(layout) : null,
      design: design ? JSON.stringify(design) : null,
    })
    .execute();
  await db
    .insertInto('cv_field_entries')
    .values(
      cv.entries.map((entry) => ({
        id: entry.id,
        generated_cv_id: cv.id,
        section_field_id: entry.section_field,
        index: entry.index,
        value: entry.value,
      })),
    )
    .execute();
}

export const states: ProviderStates = {
  'a signed-in user with no saved CVs': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await signIn(CV_OWNER.id);
  },
  'a signed-in user with a saved CV': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, SAVED_CV);
    await signIn(CV_OWNER.id);
  },
  'a signed-in user with saved CVs on two templates': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, SAVED_CV);
    await insertCv(db, CV_OWNER.id, SECOND_CV);
    await signIn(CV_OWNER.id);
  },
  'a signed-in user with a saved CV shaped by its own layout': async ({ app, db, signIn }) => {
    await insertUser(db, CV_OWNER);
    const template = app.cvTemplates.byId(SAVED_CV.template)!.definition;
    await insertCv(db, CV_OWNER.id, SAVED_CV, readLayout(SHAPED_LAYOUT, template)!);
    await signIn(CV_OWNER.id);
  },
  'a signed-in user with a saved CV with its own design': async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertCv(db, CV_OWNER.id, SAVED_CV, undefined, readDesign(SAVED_DESIGN)!);
    await signIn(CV_OWNER.id);
  },
  "a signed-in user and another user's CV": async ({ db, signIn }) => {
    await insertUser(db, CV_OWNER);
    await insertUser(db, OTHER_USER);
    await insertCv(db, OTHER_USER.id, OTHER_USERS_CV);
    await signIn(CV_OWNER.id);
  },
};
