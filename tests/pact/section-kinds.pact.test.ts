import { getTemplate } from '../../src/api/templates';
import { boolean, clientFor, createPact, eachLike, integer, jsonBody, string } from './support/pact';

// [extension] Each section of a template says what it is, whatever its name: `key` ('summary' for "Professional
// Summary", "About Me" and "Profile" alike). A template switch carries a section, its values, whether it is hidden,
// its place and its heading to the section of the same key (src/cv/section-kinds.ts); a backend without the key
// still works, the kind being read from the fields and the name. Provider state: server/tests/pact/states/catalogue-web.ts.

const CATALOGUE = 'the template catalogue is seeded';
const MODERN_SPLIT = 3;

describe('[extension] GET /v1/CvTemplate/{id}/ with section keys', () => {
  it('answers every section with its key', async () => {
    const pact = createPact()
      .given(CATALOGUE)
      .uponReceiving('[extension] a request for one template whose sections say their kind')
      .withRequest({ method: 'GET', path: `/v1/CvTemplate/${MODERN_SPLIT}/` })
      .willRespondWith({
        status: 200,
        headers: jsonBody,
        body: {
          id: MODERN_SPLIT,
          name: string('Modern Split'),
          sections: eachLike({
            id: integer(302),
            key: string('summary'),
            name: string('About Me'),
            is_required: boolean(false),
            is_repeatable: boolean(false),
            input_fields: eachLike({
              id: integer(3008),
              name: string('about_summary'),
              widget_type: string('text-input'),
            }),
          }),
        },
      });
    await pact.executeTest(async (mockServer) => {
      const template = await getTemplate(clientFor(mockServer), MODERN_SPLIT);
      expect(template.sections).toHaveLength(1);
      expect(template.sections[0]).toMatchObject({ id: 302, name: 'About Me', key: 'summary' });
    });
  });
});
