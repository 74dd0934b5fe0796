import type { OpenAPIV3_1 } from 'openapi-types';
import { LANGUAGE_CODES } from '../../../rules/languages.js';
import { MAX_PDF_PAGES } from '../render/pdf-errors.js';

/*
 * The success answers of the API for the OpenAPI document (docs/api/openapi.json), by `METHOD /path`. Fastify would
 * serialise a route's `schema.response` (and drop what it does not list), so the answers are described here, for the
 * document only; server/tests/openapi/openapi.test.ts validates every answer of the pact against them, so they
 * cannot drift from what the app relies on. A route that declares `schema.response` itself wins over this table.
 */

type Schema = OpenAPIV3_1.SchemaObject;
type Answer = { description: string; schema?: Schema; binary?: string[] };

const string: Schema = { type: 'string' };
const integer: Schema = { type: 'integer' };
const boolean: Schema = { type: 'boolean' };
const timestamp: Schema = { type: 'string', format: 'date-time' };
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  required,
  properties,
});

const message = object({ detail: string });
const signedIn = object({ user_id: integer });
const twoFactorRequired = object({ two_factor_required: { type: 'boolean', const: true }, detail: string }, [
  'two_factor_required',
]);
/** A sign-in's answer: signed in, or (two-step sign-in on, extension) the code is still to come. */
const signedInOrSecondStep: Schema = {
  oneOf: [signedIn, twoFactorRequired],
  description:
    'Signed in, or `two_factor_required` (extension): POST /auth/login/2fa/ with the code finishes it.',
};
const passkey = object({
  id: integer,
  name: string,
  created: timestamp,
  last_used: { type: ['string', 'null'], format: 'date-time' },
  backed_up: boolean,
});
const webauthnOptions: Schema = {
  type: 'object',
  required: ['challenge'],
  properties: { challenge: { type: 'string', description: 'base64url' } },
  additionalProperties: true,
};

const profileFields = {
  email: { type: 'string', format: 'email' },
  full_name: string,
  phone_number: string,
  is_staff: boolean,
  is_superuser: boolean,
  pending_email: {
    type: ['string', 'null'],
    description: 'An address waiting for confirmation (extension).',
  },
  has_password: {
    ...boolean,
    description: 'False for accounts that sign in only with Google or LinkedIn (extension).',
  },
  two_factor_enabled: {
    ...boolean,
    description: 'Whether sign-in asks for a code from an authenticator app (extension).',
  },
  language: {
    type: ['string', 'null'],
    enum: [...LANGUAGE_CODES, null],
    description:
      'The language the person chose (extension; PATCH /auth/profile/), null while they never chose: answers and mail are in it.',
  },
} satisfies Record<string, Schema>;
const profile = object(profileFields, ['email', 'full_name', 'phone_number', 'is_staff', 'is_superuser']);

const entry = object({ id: integer, value: string, index: integer, section_field: integer }, [
  'value',
  'index',
  'section_field',
]);
const layout: Schema = {
  type: ['object', 'null'],
  description:
    'The CV’s own layout (extension): section_order, hidden_sections, section_titles, custom_sections.',
};
const cvSummary = object(
  {
    url: string,
    uuid: { type: 'string', format: 'uuid' },
    name: string,
    template: integer,
    created: timestamp,
    last_updated: timestamp,
  },
  ['url', 'uuid', 'name', 'template', 'created', 'last_updated'],
);
const cv: Schema = {
  ...cvSummary,
  required: ['uuid', 'name', 'template'],
  properties: { ...cvSummary.properties, id: integer, entries: arrayOf(entry), layout },
};

const versionSummary = object({
  number: integer,
  created: timestamp,
  name: { type: ['string', 'null'] },
  reason: { type: 'string', enum: ['create', 'update', 'restore', 'import', 'template_switch'] },
  template: integer,
  deliveries: arrayOf(object({ kind: { type: 'string', enum: ['pdf', 'docx', 'email'] }, at: timestamp })),
});
const version: Schema = {
  ...versionSummary,
  required: [...(versionSummary.required ?? []), 'entries'],
  properties: {
    ...versionSummary.properties,
    entries: arrayOf(entry),
    layout,
    design: { type: ['object', 'null'], description: 'The design the version was saved with (extension).' },
  },
};

const inputField = object(
  {
    id: integer,
    name: string,
    widget_label: string,
    widget_type: string,
    description: string,
    is_required: boolean,
  },
  ['id', 'name', 'widget_type'],
);
const section = object(
  {
    id: integer,
    // Extension: the section's kind ('summary', 'experience', …), the same for "About Me" and "Profile".
    key: string,
    name: string,
    description: string,
    is_active: boolean,
    is_required: boolean,
    is_repeatable: boolean,
    created: timestamp,
    last_updated: timestamp,
    input_fields: arrayOf(inputField),
  },
  ['id', 'name', 'input_fields'],
);
const templateSummary = object({ id: integer, name: string, category: integer, icon: string }, [
  'id',
  'name',
]);
const template: Schema = {
  ...templateSummary,
  required: ['id', 'name', 'sections'],
  properties: { ...templateSummary.properties, sections: arrayOf(section) },
};

const PDF = ['application/pdf'];
const WORD = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

/** A route's one success answer: its status, what it means, and its JSON body's schema (none: an empty body). */
function answer(status: number, description: string, schema?: Schema): Record<number, Answer> {
  return { [status]: schema === undefined ? { description } : { description, schema } };
}
/** A share link of a CV (extension; docs/decisions/0045-share-links.md). */
const share = object({
  id: integer,
  slug: { type: 'string', description: 'base64url of 16 random bytes (22 characters).' },
  url: { type: 'string', description: 'PUBLIC_URL + "/s/" + slug: the public page.' },
  label: string,
  has_password: boolean,
  expires_at: { type: ['string', 'null'], format: 'date-time' },
  version: { type: ['integer', 'null'], description: 'The version number pinned; null: the latest saved.' },
  created: timestamp,
  last_viewed: { type: ['string', 'null'], format: 'date-time' },
  revoked_at: { type: ['string', 'null'], format: 'date-time' },
  views: integer,
  downloads: integer,
  daily: {
    ...arrayOf(object({ date: { type: 'string', format: 'date' }, views: integer, downloads: integer })),
    description: 'The last 30 days (UTC), oldest first, every day present.',
  },
});

/** A cover letter (extension; docs/decisions/0050-cover-letters.md). */
const coverLetter = object({
  id: integer,
  uuid: { type: 'string', format: 'uuid' },
  name: string,
  template: {
    type: ['integer', 'null'],
    description: 'The letter’s own template; null: the linked CV’s (else the first).',
  },
  cv: {
    type: ['integer', 'null'],
    description: 'The linked CV; null when standalone, or when the CV was deleted.',
  },
  recipient_name: string,
  company: string,
  address: { type: 'string', description: 'May hold line breaks.' },
  date: { type: 'string', description: '"" or YYYY-MM-DD.' },
  subject: string,
  salutation: string,
  body: { type: 'string', description: 'Rich text (sanitised HTML) as the builder’s editor stores it.' },
  closing: string,
  signature_name: string,
  created: timestamp,
  last_updated: timestamp,
});

const ok = (description: string, schema?: Schema) => answer(200, description, schema);
const created = (description: string, schema: Schema) => answer(201, description, schema);
const noContent = (description: string) => answer(204, description);
/** A file in one of the `types`. */
const download = (description: string, types: string[]): Record<number, Answer> => ({
  200: { description, binary: types },
});

export const SUCCESS_ANSWERS: Record<string, Record<number, Answer>> = {
  'GET /auth/csrf/': ok('Sets the `csrftoken` cookie.'),
  'POST /auth/register/': created(
    'The same answer for a free address (account created, a confirmation link mailed) and a taken one (its owner is mailed).',
    message,
  ),
  'GET /auth/confirm-email/': ok('Email confirmed.', message),
  'POST /auth/resend-confirmation/': ok('A new link is mailed if the account waits for one.', message),
  'POST /auth/login/': ok(
    'Signed in: sets the `sessionid` cookie; with two-step sign-in on, no session yet and `two_factor_required`.',
    signedInOrSecondStep,
  ),
  'POST /auth/login/2fa/': ok(
    'The second step of a two-step sign-in: the code (or a recovery code) was right; sets the `sessionid` cookie (extension).',
    signedIn,
  ),
  'POST /auth/2fa/totp/setup/': ok(
    'A new authenticator key, pending until a code turns two-step sign-in on (extension).',
    object({ secret: string, otpauth_url: string }),
  ),
  'POST /auth/2fa/totp/enable/': ok(
    'Two-step sign-in is on: the ten single-use recovery codes, shown only now (extension).',
    object({ recovery_codes: arrayOf(string), detail: string }, ['recovery_codes']),
  ),
  'POST /auth/2fa/disable/': ok('Two-step sign-in is off (extension).', message),
  'POST /auth/2fa/recovery-codes/': ok(
    'Ten new single-use recovery codes, shown only now; the old ones no longer work (extension).',
    object({ recovery_codes: arrayOf(string), detail: string }, ['recovery_codes']),
  ),
  'POST /auth/logout/': ok('Signed out.', message),
  'POST /auth/password-reset/': ok('The same answer whether or not the email exists.', message),
  'POST /auth/password-reset-validate/': ok('The link is valid (extension).', message),
  'POST /auth/password-reset-confirm/': ok('Password set; signed in.', signedIn),
  'GET /auth/social/config/': ok(
    'Which social sign-ins this server offers (null: not configured).',
    object(
      {
        google_client_id: { type: ['string', 'null'] },
        google_script_url: string,
        linkedin_client_id: { type: ['string', 'null'] },
        linkedin_authorization_url: string,
        linkedin_redirect_uri: string,
      },
      ['google_client_id', 'linkedin_client_id'],
    ),
  ),
  'POST /auth/social/login/google/': ok(
    'Signed in with Google (or, extension, the code is still to come).',
    signedInOrSecondStep,
  ),
  'POST /auth/social/login/linkedin/': ok(
    'Signed in with LinkedIn (or, extension, the code is still to come).',
    signedInOrSecondStep,
  ),
  'GET /auth/profile/': ok('The signed-in person.', profile),
  'DELETE /auth/profile/': {
    ...answer(
      202,
      'An account without a password: a confirmation link is mailed.',
      object({ detail: string, code: string }),
    ),
    ...noContent('Account deleted; CVs archived; signed out everywhere.'),
  },
  'PUT /auth/profile/update/': ok(
    'The profile as saved (with a `detail` when an email change waits for its link), or only a `detail`.',
    { ...profile, required: [], properties: { ...profile.properties, detail: string } },
  ),
  'PATCH /auth/profile/': ok('The language saved (extension): the profile.', profile),
  'DELETE /auth/email-change/': ok('The pending change withdrawn: the profile.', profile),
  'POST /auth/change-password/': ok(
    'Password changed; other sessions end and this browser gets a new `sessionid` cookie.',
    message,
  ),
  'POST /auth/email-change/approve/': ok('The change approved (extension).', message),
  'POST /auth/email-change/confirm/': ok('The new address confirmed (extension).', message),
  'POST /auth/email-change/cancel/': ok('The change undone; signed out everywhere (extension).', message),
  'POST /auth/delete-account/confirm/': ok('Account deleted (extension).', message),
  'GET /v1/support/': ok(
    'The operator’s support address (extension).',
    object({ email: { type: ['string', 'null'] } }),
  ),
  'GET /v1/Tag/': ok('Template categories.', arrayOf(object({ id: integer, name: string }))),
  'GET /v1/CvTemplate/': ok('Templates.', arrayOf(templateSummary)),
  'GET /v1/CvTemplate/{id}/': ok('A template with its sections and input fields.', template),
  'POST /v1/preview/': ok('The CV as HTML.', object({ html: string })),
  'POST /v1/preview-pdf/': download('The CV as PDF.', PDF),
  'POST /v1/preview-text/': ok(
    'The ATS view (extension, issue 17): the text a parser reads from the CV’s PDF, and the checklist.',
    object({
      text: string,
      checks: arrayOf(
        object({
          id: { type: 'string', enum: ['values', 'order', 'contact', 'characters'] },
          passed: boolean,
          problems: arrayOf(string),
        }),
      ),
    }),
  ),
  'GET /v1/fonts/': ok(
    'The bundled fonts a CV’s design may name (extension, issue 13).',
    arrayOf(
      object({
        id: string,
        name: string,
        category: string,
        body_family: string,
        heading_family: string,
      }),
    ),
  ),
  'GET /v1/template-preview/{templateId}/': ok(
    'The template’s name and picture.',
    object({ template_name: string, icon_url: string }, ['template_name']),
  ),
  'GET /v1/template-preview-pdf/{templateId}/': download('The template as PDF.', PDF),
  'GET /v1/GeneratedCV/': ok('The person’s saved CVs, newest first.', arrayOf(cvSummary)),
  'POST /v1/GeneratedCV/': created('The saved CV.', cv),
  'GET /v1/GeneratedCV/{id}/': ok('A saved CV (by id or uuid), with an ETag.', cv),
  'PUT /v1/GeneratedCV/{id}/': ok('The CV as saved.', cv),
  'DELETE /v1/GeneratedCV/{id}/': noContent(
    'Archived: into the bin until it is removed for good (extension).',
  ),
  'GET /v1/bin/': ok(
    'The person’s deleted CVs, the latest deleted first, each with when it will be removed for good (extension).',
    arrayOf(
      object(
        {
          uuid: string,
          name: string,
          template: integer,
          template_name: { type: ['string', 'null'] },
          deleted_at: timestamp,
          purge_at: timestamp,
        },
        ['uuid', 'name', 'deleted_at', 'purge_at'],
      ),
    ),
  ),
  'POST /v1/bin/{uuid}/restore/': ok(
    'The CV is back, with everything it had; answered as the CV list shows it (extension).',
    cvSummary,
  ),
  'DELETE /v1/bin/{uuid}/': noContent('The CV and all its rows are removed for good (extension).'),
  'GET /auth/sessions/': ok(
    'The person’s active sessions, this one first and marked (extension, issue 16).',
    arrayOf(object({ id: string, browser: string, os: string, last_used: timestamp, current: boolean })),
  ),
  'DELETE /auth/sessions/{id}/': noContent('That session has ended (extension, issue 16).'),
  'POST /auth/sessions/end-others/': ok(
    'Every other session has ended (extension, issue 16).',
    object({ ended: integer }),
  ),
  'GET /v1/GeneratedCV/{id}/versions/': ok(
    'The CV’s versions, newest first, each with what caused it and where it was delivered (extension).',
    arrayOf(versionSummary),
  ),
  'GET /v1/GeneratedCV/{id}/versions/{number}/': ok(
    'One version: its entries, layout and design (extension).',
    version,
  ),
  'PATCH /v1/GeneratedCV/{id}/versions/{number}/': ok('The version, named (extension).', versionSummary),
  'POST /v1/GeneratedCV/{id}/versions/{number}/restore/': ok(
    'The CV as now saved: the version restored as a new version (extension).',
    cv,
  ),
  'GET /v1/GeneratedCV/{id}/shares/': ok(
    'The CV’s share links, newest first, revoked ones too, each with its views and downloads (extension).',
    arrayOf(share),
  ),
  'POST /v1/GeneratedCV/{id}/shares/': created(
    'A new share link; its page is /s/{slug} (extension). At most 50 links that work per CV.',
    share,
  ),
  'DELETE /v1/GeneratedCV/{id}/shares/{shareId}/': noContent(
    'Revoked: the link answers 410 from now on; revoking again is 204 too (extension).',
  ),
  'GET /auth/security-activity/': ok(
    'The person’s recent sign-ins (refused ones too) and changes to what guards the account, newest first (extension).',
    arrayOf(
      object({
        id: integer,
        kind: {
          type: 'string',
          description:
            'signin_succeeded, signin_refused, password_changed, email_changed, two_step_enabled, two_step_disabled, recovery_codes_replaced, passkey_added, passkey_removed, account_unlocked; more may come.',
        },
        at: timestamp,
        browser: string,
        os: string,
        detail: { type: 'object', description: 'e.g. { "method": "password" } for a sign-in.' },
      }),
    ),
  ),
  'POST /auth/account-unlock/': ok(
    'The mailed unlock link: the account’s lockout is cleared and this browser trusted for it (extension).',
    message,
  ),
  'GET /auth/passkeys/': ok('The person’s passkeys, the oldest first (extension).', arrayOf(passkey)),
  'POST /auth/passkeys/register/options/': ok(
    'WebAuthn options for a new passkey (PublicKeyCredentialCreationOptionsJSON; extension).',
    webauthnOptions,
  ),
  'POST /auth/passkeys/register/': created('The passkey as kept (extension).', {
    ...passkey,
    properties: { ...passkey.properties, detail: string },
  }),
  'POST /auth/passkeys/login/options/': ok(
    'WebAuthn options for a passkey sign-in (PublicKeyCredentialRequestOptionsJSON; extension).',
    webauthnOptions,
  ),
  'POST /auth/passkeys/login/': ok(
    'Signed in with a passkey (both steps): sets the `sessionid` cookie (extension).',
    signedIn,
  ),
  'PATCH /auth/passkeys/{id}/': ok('The passkey renamed (extension).', {
    ...passkey,
    properties: { ...passkey.properties, detail: string },
  }),
  'DELETE /auth/passkeys/{id}/': noContent('The passkey removed (extension).'),
  'GET /v1/CVFieldEntry/': ok('The entries of a saved CV.', object({ results: arrayOf(entry) })),
  'GET /v1/download/pdf/{id}/': download(
    'The CV as PDF; with ?cover_letter= one PDF of that cover letter, then the CV (extension).',
    PDF,
  ),
  'GET /v1/download/word/{id}/': download('The CV as a Word file.', WORD),
  'PUT /v1/GeneratedCV/{id}/photo/': ok(
    'The CV’s photo, from the image sent as the body (JPEG, PNG or WebP, at most 10 MB; the bytes are judged, not the Content-Type): turned upright, at most 600 px, re-encoded as a JPEG without any metadata (extension). 415: not such an image; 400: more than 50 megapixels; 413: over 10 MB.',
    object({ content_type: string, width: integer, height: integer, size: integer, digest: string }),
  ),
  'GET /v1/GeneratedCV/{id}/photo/': download(
    'The CV’s photo as the server made it (extension); 404 when it has none.',
    ['image/jpeg'],
  ),
  'DELETE /v1/GeneratedCV/{id}/photo/': noContent('The CV’s photo removed, or it had none (extension).'),
  'POST /v1/import/file/': ok(
    'The CV read from the PDF or Word file sent as the body (at most 10 MB; never kept): `resume` is a JSON Resume (unplaced lines in `meta.cvBuilder.customSections`), `confidence` a number from 0 to 1 per field path such as `basics.email` or `work[0].position` (extension). 400: no text (a scan), protected by a password, or broken; 413: over 10 MB; 415: neither a PDF nor a .docx.',
    object({
      resume: { type: 'object' },
      confidence: { type: 'object', additionalProperties: { type: 'number' } },
    }),
  ),
  'POST /cv/send-email/': ok('The PDF is mailed to the person.', message),
  'GET /v1/CoverLetter/': ok(
    'The person’s cover letters, the latest changed first; with ?cv= only those linked to that CV (extension).',
    arrayOf(coverLetter),
  ),
  'POST /v1/CoverLetter/': created('The cover letter as saved (extension).', coverLetter),
  'GET /v1/CoverLetter/{id}/': ok('The cover letter, with its entity tag as ETag (extension).', coverLetter),
  'PUT /v1/CoverLetter/{id}/': ok(
    'The cover letter as saved (extension). With If-Match naming an older version: 412, nothing saved.',
    coverLetter,
  ),
  'DELETE /v1/CoverLetter/{id}/': noContent(
    'The cover letter moved to the bin until it is removed for good (extension).',
  ),
  'GET /v1/bin/cover-letters/': ok(
    'The person’s deleted cover letters, the latest deleted first, each with when it will be removed for good (extension).',
    arrayOf(
      object(
        {
          uuid: string,
          name: string,
          cv: { type: ['integer', 'null'] },
          deleted_at: timestamp,
          purge_at: timestamp,
        },
        ['uuid', 'name', 'cv', 'deleted_at', 'purge_at'],
      ),
    ),
  ),
  'POST /v1/bin/cover-letters/{uuid}/restore/': ok(
    'The cover letter is back as it was; answered as GET /v1/CoverLetter/{id}/ answers it (extension).',
    coverLetter,
  ),
  'DELETE /v1/bin/cover-letters/{uuid}/': noContent('The cover letter is removed for good (extension).'),
  'POST /v1/preview-cover-letter/': ok(
    'The letter as HTML, in its template’s design (extension).',
    object({ html: string }),
  ),
  'POST /v1/preview-cover-letter-pdf/': download('The letter as PDF (extension).', PDF),
  'GET /v1/download/cover-letter/pdf/{id}/': download('The cover letter as PDF (extension).', PDF),
  'GET /v1/download/cover-letter/word/{id}/': download('The cover letter as a Word file (extension).', WORD),
  'POST /v1/CoverLetter/{id}/send-email/': ok(
    'The letter’s PDF is mailed to the person, with the linked CV’s PDF when with_cv (extension).',
    message,
  ),
  'GET /v1/account/export/': download(
    'All the person’s data as a zip, streamed (extension): account.json and, in cvs/, each CV as JSON Resume, as its own JSON and as PDF.',
    ['application/zip'],
  ),
};

/**
 * What a route that prints a PDF answers when the print fails (http/errors.ts's printFailuresAsHttp), each with
 * `{ detail }`: the route's own refusals (400, 401, 404…) are the document's '4XX'.
 */
export const PRINT_FAILURES: Record<number, string> = {
  413: `The CV would print more than ${MAX_PDF_PAGES} pages: \`detail\` says so and asks to shorten it.`,
  503: 'No PDF can be printed now (no Chromium on the server, a render that timed out, every renderer busy): try again later.',
};

/** The routes that print a PDF as they answer: each documents PRINT_FAILURES. */
export const PRINTING_ROUTES: readonly string[] = [
  'POST /v1/preview-pdf/',
  'POST /v1/preview-text/',
  'GET /v1/template-preview-pdf/{templateId}/',
  'GET /v1/download/pdf/{id}/',
  'POST /cv/send-email/',
  'POST /v1/preview-cover-letter-pdf/',
  'GET /v1/download/cover-letter/pdf/{id}/',
  'POST /v1/CoverLetter/{id}/send-email/',
];

/** The `schema.response` entries @fastify/swagger turns into an operation's responses. */
export function documentedAnswers(key: string): Record<string, unknown> {
  const answers = SUCCESS_ANSWERS[key] ?? {};
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => [
      status,
      answer.binary
        ? {
            description: answer.description,
            content: Object.fromEntries(
              answer.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : answer.schema
          ? { description: answer.description, ...answer.schema }
          : { description: answer.description, type: 'null' },
    ]),
  );
}
