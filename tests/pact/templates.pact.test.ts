import { getTemplate, listTags, listTemplates } from '../../src/api/templates';
import {
  boolean,
  clientFor,
  createPact,
  eachLike,
  expectApiError,
  integer,
  isoTimestamp,
  jsonBody,
  string,
} from './support/pact';

// The template catalogue calls of docs/behaviour.md#api-calls (GET /v1/Tag/, /v1/CvTemplate/,
// /v1/CvTemplate/{id}/), made by the real API functions. State sentences:
// server/tests/pact/states/catalogue-web.ts.

const CATALOGUE = 'the template catalogue is seeded';
const TEMPLATE_ID = 1;
const UNKNOWN_TEMPLATE_ID = 999999;

const timestamp = isoTimestamp('2024-01-01T00:00:00.000Z');

describe('GET /v1/Tag/', () => {
  it('lists the categories (id and name)', async () => {
    const pact = createPact()
      .given(CATALOGUE)
      .uponReceiving('a request for the template categories')
      .withRequest({ method: 'GET', path: '/v1/Tag/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: eachLike({ id: integer(1), name: string('Professional') }),
      });
    await pact.executeTest(async (mockServer) => {
      await expect(listTags(clientFor(mockServer))).resolves.toEqual([{ value: '1', label: 'Professional' }]);
    });
  });
});

describe('GET /v1/CvTemplate/', () => {
  it('lists the templates as a plain array with id, name, icon and category', async () => {
    const pact = createPact()
      .given(CATALOGUE)
      .uponReceiving('a request for the template list')
      .withRequest({ method: 'GET', path: '/v1/CvTemplate/' })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: eachLike({
          id: integer(1),
          name: string('Executive Classic'),
          icon: string('/static/templates/executive-classic/icon.png'),
          category: integer(1),
        }),
      });
    await pact.executeTest(async (mockServer) => {
      await expect(listTemplates(clientFor(mockServer))).resolves.toEqual([
        {
          id: 1,
          name: 'Executive Classic',
          icon: '/static/templates/executive-classic/icon.png',
          category: { value: '1' },
        },
      ]);
    });
  });
});

describe('GET /v1/CvTemplate/{id}/', () => {
  it('answers the template with its sections and input fields', async () => {
    const inputField = {
      id: integer(1001),
      name: string('full_name'),
      widget_label: string('Full Name'),
      widget_type: string('text-input'),
      description: string('As you want it to appear at the top of your CV.'),
      is_required: boolean(true),
    };
    const pact = createPact()
      .given(CATALOGUE)
      .uponReceiving('a request for one template with its sections')
      .withRequest({ method: 'GET', path: `/v1/CvTemplate/${TEMPLATE_ID}/` })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          id: TEMPLATE_ID,
          name: string('Executive Classic'),
          icon: string('/static/templates/executive-classic/icon.png'),
          category: integer(1),
          sections: eachLike({
            id: integer(101),
            name: string('Personal Details'),
            description: string('Your name and how recruiters can reach you.'),
            created: timestamp,
            last_updated: timestamp,
            is_active: boolean(true),
            is_required: boolean(true),
            is_repeatable: boolean(false),
            input_fields: eachLike(inputField),
          }),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const template = await getTemplate(clientFor(mockServer), TEMPLATE_ID);
      expect(template.id).toBe(TEMPLATE_ID);
      expect(template.sections).toHaveLength(1);
      expect(template.sections[0]).toMatchObject({ name: 'Personal Details', is_repeatable: false });
      expect(template.sections[0]!.input_fields[0]).toEqual({
        id: 1001,
        name: 'full_name',
        widget_label: 'Full Name',
        widget_type: 'text-input',
        description: 'As you want it to appear at the top of your CV.',
        is_required: true,
      });
    });
  });

  it('answers 404 with a detail for a template that does not exist', async () => {
    const pact = createPact()
      .given(CATALOGUE)
      .uponReceiving('a request for a template that does not exist')
      .withRequest({ method: 'GET', path: `/v1/CvTemplate/${UNKNOWN_TEMPLATE_ID}/` })
      .willRespondWith({ status: 404, headers: jsonBody, body: { detail: string('Template not found.') } });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(getTemplate(clientFor(mockServer), UNKNOWN_TEMPLATE_ID));
      expect(error.status).toBe(404);
      expect(error.message).toBe('Template not found.');
    });
  });
});
