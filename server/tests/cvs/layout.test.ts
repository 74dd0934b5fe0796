import { testDatabases } from '../helpers/app.js';
import { aliceSignedIn, cvBody, EXECUTIVE_CLASSIC } from './support.js';

// A saved CV's own structure (`layout`), an optional extension of GeneratedCV and both previews.
// Executive Classic's sections: 101 Personal Details (required), 102 Professional Summary, 103 Work Experience
// (required), 104 Education (required), 105 Skills, 106 Certifications, 107 Projects, 108 Languages.

const LAYOUT = {
  section_order: [103, 'custom-volunteering', 102, 104],
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
          start_date: '2019-09',
          current: true,
          description: '<p>Weekly <em>sessions</em></p>',
        },
      ],
    },
  ],
};

describe.each(testDatabases())('a CV shaped by its person on $name', (database) => {
  const world = aliceSignedIn(database);

  const layoutOf = async (id: number) => (await world.alice.get(`/v1/GeneratedCV/${id}/`)).json().layout;

  it('saves a layout with the CV and answers it back; a CV without one answers null', async () => {
    const plain = await world.alice.post('/v1/GeneratedCV/', cvBody('Plain'));
    expect(plain.json().layout).toBeNull();

    const shaped = await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Shaped'), layout: LAYOUT });
    expect(shaped.statusCode, shaped.body).toBe(201);
    expect(await layoutOf(shaped.json().id)).toEqual({
      ...LAYOUT,
      custom_sections: [
        {
          ...LAYOUT.custom_sections[0],
          entries: [
            {
              title: 'Mentor',
              subtitle: 'Code Club',
              location: '',
              start_date: '2019-09',
              end_date: '',
              current: true,
              description: '<p>Weekly <em>sessions</em></p>',
            },
          ],
        },
      ],
    });
  });

  it('a PUT without a layout keeps the saved one (an older client); null removes it', async () => {
    const { id } = (await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Kept'), layout: LAYOUT })).json();
    expect((await world.alice.put(`/v1/GeneratedCV/${id}/`, cvBody('Kept, renamed'))).statusCode).toBe(200);
    expect((await layoutOf(id)).section_order).toEqual(LAYOUT.section_order);
    expect(
      (await world.alice.put(`/v1/GeneratedCV/${id}/`, { ...cvBody('Kept'), layout: null })).statusCode,
    ).toBe(200);
    expect(await layoutOf(id)).toBeNull();
  });

  it('drops empty headings (the template name comes back) and repeated hidden sections', async () => {
    const response = await world.alice.post('/v1/GeneratedCV/', {
      ...cvBody('Tidy'),
      layout: { hidden_sections: [105, '105'], section_titles: { '102': '  ', '104': ' Studies ' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().layout).toEqual({
      section_order: [],
      hidden_sections: [105],
      section_titles: { '104': 'Studies' },
      custom_sections: [],
    });
  });

  it.each([
    [{ section_order: [999] }, 'layout.section_order[0]: "999" is neither a section of the template'],
    [{ section_order: [103, 103] }, 'layout.section_order[1]: "103" appears twice.'],
    [{ section_order: [103, 101] }, 'layout.section_order[1]: "Personal Details" always comes first.'],
    [
      { hidden_sections: [103] },
      'layout.hidden_sections[0]: "Work Experience" is required and cannot be hidden.',
    ],
    [{ hidden_sections: ['custom-nope'] }, 'layout.hidden_sections[0]: "custom-nope" is neither'],
    [{ section_titles: { '103': 'x'.repeat(101) } }, 'layout.section_titles["103"]: at most 100 characters.'],
    [
      {
        custom_sections: [
          { key: 'custom-a', title: 'A', entries: [] },
          { key: 'custom-a', title: 'B', entries: [] },
        ],
      },
      'layout.custom_sections[1].key: "custom-a" is used by another custom section.',
    ],
    [
      { custom_sections: [{ key: 'Custom A', title: 'A', entries: [] }] },
      'layout.custom_sections[0].key: "custom-" followed by',
    ],
    [
      { custom_sections: [{ key: 'custom-a', title: ' ', entries: [] }] },
      'layout.custom_sections[0].title: a custom section needs a title.',
    ],
    [
      {
        custom_sections: Array.from({ length: 21 }, (_, i) => ({
          key: `custom-${i}`,
          title: `S${i}`,
          entries: [],
        })),
      },
      'layout.custom_sections: at most 20 custom sections.',
    ],
    [
      {
        custom_sections: [
          { key: 'custom-a', title: 'A', entries: Array.from({ length: 101 }, () => ({ title: 'x' })) },
        ],
      },
      'layout.custom_sections[0].entries: at most 100 entries in one section.',
    ],
    [
      { custom_sections: [{ key: 'custom-a', title: 'A', entries: [{ title: 'x'.repeat(301) }] }] },
      'layout.custom_sections[0].entries[0].title: at most 300 characters.',
    ],
    [{ section_order: [{ id: 3 }] }, 'layout.section_order'],
  ])('refuses %j with a 400 naming the field, and saves nothing', async (layout, detail) => {
    const before = await world.app.db
      .selectFrom('generated_cvs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Refused'), layout });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
    const after = await world.app.db
      .selectFrom('generated_cvs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a refused PUT leaves the saved CV as it was', async () => {
    const { id } = (await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Safe'), layout: LAYOUT })).json();
    const response = await world.alice.put(`/v1/GeneratedCV/${id}/`, {
      ...cvBody('Changed'),
      layout: { hidden_sections: [103] },
    });
    expect(response.statusCode).toBe(400);
    const saved = (await world.alice.get(`/v1/GeneratedCV/${id}/`)).json();
    expect(saved.name).toBe('Safe');
    expect(saved.layout.section_order).toEqual(LAYOUT.section_order);
  });

  it('the HTML preview prints the structure; a bad layout is a 400', async () => {
    const cvData = {
      'Personal Details': { [`full_name-${EXECUTIVE_CLASSIC.fullName}-0`]: 'Ada Lovelace' },
      'Professional Summary': { 'summary-1008-0': 'Analytical engines.' },
      'Work Experience': { [`job_title-${EXECUTIVE_CLASSIC.experienceTitle}-0`]: 'Engine programmer' },
      Skills: { 'skill_name-1022-0': 'Mathematics' },
    };
    const response = await world.alice.post('/v1/preview/', {
      template_id: 1,
      cv_data: cvData,
      layout: LAYOUT,
    });
    expect(response.statusCode, response.body).toBe(200);
    const html: string = response.json().html;
    const headings = [...html.matchAll(/<h2 class="section-title">([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Professional Experience', 'Volunteering', 'Professional Summary']);
    expect(html).not.toContain('Mathematics');
    expect(html).toContain('Sep 2019 – Present');

    const refused = await world.alice.post('/v1/preview/', {
      template_id: 1,
      cv_data: cvData,
      layout: { section_order: [999] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('layout.section_order[0]');
  });
});
