import { SHARED_CV } from '../../server/tests/pact/states/shares';
import { refusalCodeOf, refusedFieldOf } from '../../src/api/api-error';
import { createGeneratedCv, type GeneratedCvPayload } from '../../src/api/cvs';
import { createShare } from '../../src/api/shares';
import { CV_REFUSAL_CODES } from '../../rules/cv';
import { expectApiError, jsonBody, regex, string, clientFor, unsafeCall } from './support/pact';

// [extension] A refusal the web app acts on says its reason beside its words, so the app understands it whatever
// language the words are in (the server answers in the person's language): `code` for a CV the builder cannot
// save (the field it names is in the detail), `field` for the share-link form. A backend without them answers the
// plain `{ detail }`: the app then reads the English words, as it always has. Provider states:
// server/tests/pact/states/*.ts.

const NO_CVS = 'a signed-in user with no saved CVs';
const SAVED = 'a signed-in user with a saved CV 1';

/** A CV save the server refuses with 400, its detail and its code; the real client reads the code. */
async function refusedSave(description: string, body: GeneratedCvPayload, detail: unknown, code: string) {
  const pact = unsafeCall(NO_CVS, description, 'POST', '/v1/GeneratedCV/', body).willRespondWith({
    status: 400,
    headers: jsonBody,
    body: { detail, code },
  });
  await pact.executeTest(async (mockServer) => {
    const error = await expectApiError(createGeneratedCv(clientFor(mockServer), body), 400);
    expect(refusalCodeOf(error)).toBe(code);
  });
}

describe('[extension] a refused CV save says why as a code', () => {
  it('a phone number that cannot exist: 400 with code not_a_phone', async () => {
    await refusedSave(
      '[extension] a request to save a CV with a phone number that cannot exist, answered with its code',
      {
        name: 'Impossible phone',
        template: 1,
        entries: [
          { value: 'Ada', index: 0, section_field: 1001 },
          { value: '+1 442079460000', index: 0, section_field: 1004 },
        ],
      },
      regex(
        '^entries\\[1\\]\\.value: .+',
        'entries[1].value: This phone number cannot exist in the selected country. Please check it.',
      ),
      CV_REFUSAL_CODES.notAPhone,
    );
  });

  it('a value longer than a field holds: 400 with code too_long', async () => {
    await refusedSave(
      '[extension] a request to save a CV with a value over 20,000 characters, answered with its code',
      {
        name: 'Too long',
        template: 1,
        entries: [{ value: 'x'.repeat(20_001), index: 0, section_field: 1001 }],
      },
      string('entries[0].value: must be at most 20000 characters'),
      CV_REFUSAL_CODES.tooLong,
    );
  });
});

describe('[extension] a refused share link names its field', () => {
  it('a blank label: 400 with field label', async () => {
    const pact = unsafeCall(
      SAVED,
      '[extension] a request to make a share link without a label, answered with the field',
      'POST',
      `/v1/GeneratedCV/${SHARED_CV.id}/shares/`,
      { label: '   ' },
    ).willRespondWith({
      status: 400,
      headers: jsonBody,
      body: {
        detail: string('label: give the link a label, such as the company you send it to.'),
        field: 'label',
      },
    });
    await pact.executeTest(async (mockServer) => {
      const error = await expectApiError(
        createShare(clientFor(mockServer), SHARED_CV.id, { label: '   ' }),
        400,
      );
      expect(refusedFieldOf(error)).toBe('label');
    });
  });
});
