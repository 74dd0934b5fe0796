import { testDatabases } from '../helpers/app.js';
import { aliceSignedIn, cvBody, EXECUTIVE_CLASSIC } from './support.js';

// A saved CV's design settings (`design`), an optional extension of GeneratedCV and both previews, and
// GET /v1/fonts/, the bundled fonts a design may name.

const DESIGN = {
  page_size: 'Letter',
  margins: 'narrow',
  accent_color: '#C2185B',
  font: 'noto-serif',
  font_size: 'small',
  line_spacing: 'compact',
  fit_one_page: true,
  direction: 'rtl',
  language: 'ar',
} as const;

describe.each(testDatabases())('a CV with its own design on $name', (database) => {
  const world = aliceSignedIn(database);

  const designOf = async (id: number) => (await world.alice.get(`/v1/GeneratedCV/${id}/`)).json().design;

  it('lists the bundled fonts: a serif, a sans and a monospace accent at least', async () => {
    const response = await world.alice.get('/v1/fonts/');
    expect(response.statusCode).toBe(200);
    const fonts: Array<{ id: string; name: string; category: string }> = response.json();
    expect(new Set(fonts.map((font) => font.category))).toEqual(
      new Set(['serif', 'sans-serif', 'monospace']),
    );
    expect(fonts.find((font) => font.id === 'noto-serif')).toMatchObject({
      name: 'Noto Serif',
      category: 'serif',
    });
  });

  it('saves a design with the CV and answers it back (colour in lower case); a CV without one answers null', async () => {
    const plain = await world.alice.post('/v1/GeneratedCV/', cvBody('Plain'));
    expect(plain.json().design).toBeNull();

    const designed = await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Designed'), design: DESIGN });
    expect(designed.statusCode, designed.body).toBe(201);
    expect(await designOf(designed.json().id)).toEqual({
      ...DESIGN,
      accent_color: '#c2185b',
      photo: { shape: 'circle', size: 'medium', border: false, grayscale: false, hidden: false },
    });
  });

  it('the list names each CV’s paper (A4 without a design)', async () => {
    const plain = (await world.alice.post('/v1/GeneratedCV/', cvBody('Listed plain'))).json();
    const letter = (
      await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Listed letter'), design: DESIGN })
    ).json();
    const list: Array<{ id: number; page_size: string }> = (await world.alice.get('/v1/GeneratedCV/')).json();
    expect(list.find((cv) => cv.id === plain.id)?.page_size).toBe('A4');
    expect(list.find((cv) => cv.id === letter.id)?.page_size).toBe('Letter');
    // The detail keeps its own shape: the paper is in its design.
    expect((await world.alice.get(`/v1/GeneratedCV/${letter.id}/`)).json()).not.toHaveProperty('page_size');
  });

  it('fills the keys a design leaves out: the defaults, and null for the template’s colour and font', async () => {
    const response = await world.alice.post('/v1/GeneratedCV/', {
      ...cvBody('Partial'),
      design: { page_size: 'Letter' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().design).toEqual({
      page_size: 'Letter',
      margins: 'normal',
      accent_color: null,
      font: null,
      font_size: 'normal',
      line_spacing: 'normal',
      fit_one_page: false,
      direction: 'auto',
      language: 'en',
      photo: { shape: 'circle', size: 'medium', border: false, grayscale: false, hidden: false },
    });
  });

  it('keeps the CV’s language in its canonical form', async () => {
    const response = await world.alice.post('/v1/GeneratedCV/', {
      ...cvBody('Lingua'),
      design: { language: 'PT-br' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().design.language).toBe('pt-BR');
  });

  it('a PUT without a design keeps the saved one (an older client); null removes it', async () => {
    const { id } = (await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Kept'), design: DESIGN })).json();
    expect((await world.alice.put(`/v1/GeneratedCV/${id}/`, cvBody('Kept, renamed'))).statusCode).toBe(200);
    expect((await designOf(id)).page_size).toBe('Letter');
    expect(
      (await world.alice.put(`/v1/GeneratedCV/${id}/`, { ...cvBody('Kept'), design: null })).statusCode,
    ).toBe(200);
    expect(await designOf(id)).toBeNull();
  });

  it.each([
    [{ page_size: 'A5' }, 'design.page_size: must be one of "A4", "Letter"'],
    [{ margins: 'huge' }, 'design.margins: must be one of'],
    [{ accent_color: 'red' }, 'design.accent_color: must be a colour written #rrggbb'],
    [{ accent_color: '#12345' }, 'design.accent_color'],
    [{ font: 'comic-sans' }, 'design.font: "comic-sans" is not one of the fonts GET /v1/fonts/ lists.'],
    [{ font_size: 12 }, 'design.font_size'],
    [{ line_spacing: 'double' }, 'design.line_spacing: must be one of'],
    [{ fit_one_page: 'yes' }, 'design.fit_one_page: must be a boolean'],
    [{ direction: 'up' }, 'design.direction: must be one of "auto", "ltr", "rtl"'],
    [{ language: 'english please' }, 'design.language: must be a language tag such as "en" or "pt-BR"'],
    [{ language: 7 }, 'design.language'],
    ['Letter', 'design: must be an object or null'],
  ])('refuses %j with a 400 naming the field, and saves nothing', async (design, detail) => {
    const count = async () =>
      Number(
        (
          await world.app.db
            .selectFrom('generated_cvs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const response = await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Refused'), design });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
    expect(await count()).toBe(before);
  });

  it('the HTML preview carries the design: the page, the readable colour, the font and the direction', async () => {
    const cvData = { 'Personal Details': { [`full_name-${EXECUTIVE_CLASSIC.fullName}-0`]: 'Ada Lovelace' } };
    const plain = (await world.alice.post('/v1/preview/', { template_id: 1, cv_data: cvData })).json();
    expect(plain.html).toContain('@page{size:210mm 297mm;');
    expect(plain.fits_one_page).toBeUndefined();

    const response = await world.alice.post('/v1/preview/', {
      template_id: 1,
      cv_data: cvData,
      design: { page_size: 'Letter', accent_color: '#ffeb3b', font: 'mono-accent', direction: 'rtl' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const html: string = response.json().html;
    expect(html).toContain('@page{size:215.9mm 279.4mm;');
    expect(html).toContain('<html lang="en" dir="rtl">');
    expect(html).toContain('--font-heading:"DejaVu Sans Mono"');
    // A yellow that would be unreadable on white is darkened to 4.5:1.
    expect(html).not.toContain('--accent:#ffeb3b');
    expect(html).toMatch(/--accent:#[0-9a-f]{6};--font-body/);

    const refused = await world.alice.post('/v1/preview-pdf/', {
      template_id: 1,
      cv_data: cvData,
      design: { margins: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('design.margins');
  });
});
