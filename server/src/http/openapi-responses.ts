import type { OpenAPIV3_1 } from 'openapi-types';

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
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  required,
  properties,
});

const message = object({ detail: string });
const signedIn = object({ user_id: integer });

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
  properties: { ...cvSummary.properties, id: integer, entries: { type: 'array', items: entry }, layout },
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
    name: string,
    description: string,
    is_active: boolean,
    is_required: boolean,
    is_repeatable: boolean,
    created: timestamp,
    last_updated: timestamp,
    input_fields: { type: 'array', items: inputField },
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
  properties: { ...templateSummary.properties, sections: { type: 'array', items: section } },
};

const PDF = ['application/pdf'];
const WORD = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

export const SUCCESS_ANSWERS: Record<string, Record<number, Answer>> = {
  'GET /auth/csrf/': { 200: { description: 'Sets the `csrftoken` cookie.' } },
  'POST /auth/register/': {
    201: { description: 'Account created; a confirmation link is mailed.', schema: message },
  },
  'GET /auth/confirm-email/': { 200: { description: 'Email confirmed.', schema: message } },
  'POST /auth/resend-confirmation/': {
    200: { description: 'A new link is mailed if the account waits for one.', schema: message },
  },
  'POST /auth/login/': { 200: { description: 'Signed in: sets the `sessionid` cookie.', schema: signedIn } },
  'POST /auth/logout/': { 200: { description: 'Signed out.', schema: message } },
  'POST /auth/password-reset/': {
    200: { description: 'The same answer whether or not the email exists.', schema: message },
  },
  'POST /auth/password-reset-validate/': {
    200: { description: 'The link is valid (extension).', schema: message },
  },
  'POST /auth/password-reset-confirm/': {
    200: { description: 'Password set; signed in.', schema: signedIn },
  },
  'GET /auth/social/config/': {
    200: {
      description: 'Which social sign-ins this server offers (null: not configured).',
      schema: object(
        {
          google_client_id: { type: ['string', 'null'] },
          google_script_url: string,
          linkedin_client_id: { type: ['string', 'null'] },
          linkedin_authorization_url: string,
          linkedin_redirect_uri: string,
        },
        ['google_client_id', 'linkedin_client_id'],
      ),
    },
  },
  'POST /auth/social/login/google/': { 200: { description: 'Signed in with Google.', schema: signedIn } },
  'POST /auth/social/login/linkedin/': { 200: { description: 'Signed in with LinkedIn.', schema: signedIn } },
  'GET /auth/profile/': { 200: { description: 'The signed-in person.', schema: profile } },
  'DELETE /auth/profile/': {
    202: {
      description: 'An account without a password: a confirmation link is mailed.',
      schema: object({ detail: string, code: string }),
    },
    204: { description: 'Account deleted; CVs archived; signed out everywhere.' },
  },
  'PUT /auth/profile/update/': {
    200: {
      description:
        'The profile as saved (with a `detail` when an email change waits for its link), or only a `detail`.',
      schema: { ...profile, required: [], properties: { ...profile.properties, detail: string } },
    },
  },
  'DELETE /auth/email-change/': {
    200: { description: 'The pending change withdrawn: the profile.', schema: profile },
  },
  'POST /auth/change-password/': {
    200: { description: 'Password changed; other sessions end.', schema: message },
  },
  'POST /auth/email-change/approve/': {
    200: { description: 'The change approved (extension).', schema: message },
  },
  'POST /auth/email-change/confirm/': {
    200: { description: 'The new address confirmed (extension).', schema: message },
  },
  'POST /auth/email-change/cancel/': {
    200: { description: 'The change undone; signed out everywhere (extension).', schema: message },
  },
  'POST /auth/delete-account/confirm/': {
    200: { description: 'Account deleted (extension).', schema: message },
  },
  'GET /v1/support/': {
    200: {
      description: 'The operator’s support address (extension).',
      schema: object({ email: { type: ['string', 'null'] } }),
    },
  },
  'GET /v1/Tag/': {
    200: {
      description: 'Template categories.',
      schema: { type: 'array', items: object({ id: integer, name: string }) },
    },
  },
  'GET /v1/CvTemplate/': {
    200: { description: 'Templates.', schema: { type: 'array', items: templateSummary } },
  },
  'GET /v1/CvTemplate/{id}/': {
    200: { description: 'A template with its sections and input fields.', schema: template },
  },
  'POST /v1/preview/': { 200: { description: 'The CV as HTML.', schema: object({ html: string }) } },
  'POST /v1/preview-pdf/': { 200: { description: 'The CV as PDF.', binary: PDF } },
  'POST /v1/preview-text/': {
    200: {
      description:
        'The ATS view (extension, issue 17): the text a parser reads from the CV’s PDF, and the checklist.',
      schema: object({
        text: string,
        checks: {
          type: 'array',
          items: object({
            id: { type: 'string', enum: ['values', 'order', 'contact', 'characters'] },
            passed: boolean,
            problems: { type: 'array', items: string },
          }),
        },
      }),
    },
  },
  'GET /v1/fonts/': {
    200: {
      description: 'The bundled fonts a CV’s design may name (extension, issue 13).',
      schema: {
        type: 'array',
        items: object({ id: string, name: string, category: string, body_family: string, heading_family: string }),
      },
    },
  },
  'GET /v1/template-preview/{templateId}/': {
    200: {
      description: 'The template’s name and picture.',
      schema: object({ template_name: string, icon_url: string }, ['template_name']),
    },
  },
  'GET /v1/template-preview-pdf/{templateId}/': { 200: { description: 'The template as PDF.', binary: PDF } },
  'GET /v1/GeneratedCV/': {
    200: {
      description: 'The person’s saved CVs, newest first.',
      schema: { type: 'array', items: cvSummary },
    },
  },
  'POST /v1/GeneratedCV/': { 201: { description: 'The saved CV.', schema: cv } },
  'GET /v1/GeneratedCV/{id}/': {
    200: { description: 'A saved CV (by id or uuid), with an ETag.', schema: cv },
  },
  'PUT /v1/GeneratedCV/{id}/': { 200: { description: 'The CV as saved.', schema: cv } },
  'DELETE /v1/GeneratedCV/{id}/': { 204: { description: 'Archived.' } },
  'GET /auth/sessions/': {
    200: {
      description: 'The person’s active sessions, this one first and marked (extension, issue 16).',
      schema: {
        type: 'array',
        items: object({ id: string, browser: string, os: string, last_used: timestamp, current: boolean }),
      },
    },
  },
  'DELETE /auth/sessions/{id}/': { 204: { description: 'That session has ended (extension, issue 16).' } },
  'POST /auth/sessions/end-others/': {
    200: {
      description: 'Every other session has ended (extension, issue 16).',
      schema: object({ ended: integer }),
    },
  },
  'GET /v1/CVFieldEntry/': {
    200: {
      description: 'The entries of a saved CV.',
      schema: object({ results: { type: 'array', items: entry } }),
    },
  },
  'GET /v1/download/pdf/{id}/': { 200: { description: 'The CV as PDF.', binary: PDF } },
  'GET /v1/download/word/{id}/': { 200: { description: 'The CV as a Word file.', binary: WORD } },
  'POST /cv/send-email/': { 200: { description: 'The PDF is mailed to the person.', schema: message } },
};

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
