import sharp from 'sharp';
import { client, testDatabases } from '../helpers/app.js';
import { aliceSignedIn, cvBody, insertUser } from '../cvs/support.js';
import { PHOTO_MESSAGES } from '../../../rules/design.js';
import { HTML_NAMED_JPG, SVG, metadataOf, phonePhoto, pngBomb } from './fixtures.js';

// [extension] A CV's photo: PUT (the bytes judged, cleaned and made smaller), GET the processed JPEG, DELETE.

const EXIF_GPS_POINTER = Buffer.from([0x25, 0x88]);

describe.each(testDatabases())('a CV’s photo on $name', (database) => {
  const world = aliceSignedIn(database);
  let cvId: number;
  const photoUrl = () => `/v1/GeneratedCV/${cvId}/photo/`;
  const put = (body: Buffer, contentType = 'image/jpeg') =>
    world.alice.put(photoUrl(), body, { headers: { 'content-type': contentType } });

  beforeAll(async () => {
    cvId = (await world.alice.post('/v1/GeneratedCV/', cvBody('With a photo'))).json().id;
  });

  it('a CV without a photo: GET is 404 with a sentence', async () => {
    const response = await world.alice.get(photoUrl());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: PHOTO_MESSAGES.noPhoto });
  });

  it('takes a phone photo: upright, at most 600 px, a JPEG without any metadata (GPS, camera, comment)', async () => {
    const original = await phonePhoto(800, 600);
    // The fixture carries what a phone writes.
    const before = await metadataOf(original);
    expect(before.exif?.includes(EXIF_GPS_POINTER)).toBe(true);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.orientation).toBe(6);

    const response = await put(original);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ content_type: 'image/jpeg', width: 450, height: 600 });

    const got = await world.alice.get(photoUrl());
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('private, no-store');
    const stored = got.rawPayload;
    const after = await metadataOf(stored);
    expect(after).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, comments: undefined, orientation: undefined });
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.includes(Buffer.from('secret comment'))).toBe(false);
    // Turned upright: the yellow stripe that was on the left of the sensor is at the top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([450, 600]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(225, 10)[2]).toBeLessThan(100); // yellow: little blue
    expect(pixel(225, 500)[2]).toBeGreaterThan(150); // the blue rest
  });

  it('a large photo is made 600 px on its long side; a PNG and a WebP are taken too', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#884422' } }).png().toBuffer();
    expect((await put(big, 'image/png')).json()).toMatchObject({ width: 600, height: 400 });
    const webp = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00000000' } }).webp().toBuffer();
    expect((await put(webp, 'image/webp')).json()).toMatchObject({ width: 300, height: 300, content_type: 'image/jpeg' });
  });

  it.each([
    ['an SVG', SVG, 'image/svg+xml'],
    ['an SVG said to be a JPEG', SVG, 'image/jpeg'],
    ['an HTML page named .jpg', HTML_NAMED_JPG, 'image/jpeg'],
    ['random bytes', Buffer.from('not an image at all'), 'application/octet-stream'],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'image/gif'],
  ])('refuses %s with 415 and a sentence, keeping the photo it had', async (_name, body, type) => {
    const kept = (await world.alice.get(photoUrl())).headers.etag;
    const response = await put(body, type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: PHOTO_MESSAGES.notAnImage });
    expect((await world.alice.get(photoUrl())).headers.etag).toBe(kept);
  });

  it('refuses a decompression bomb with 400 before decoding it', async () => {
    const started = Date.now();
    const response = await put(pngBomb(), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: PHOTO_MESSAGES.tooManyPixels });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses an empty body and a body over 10 MB', async () => {
    expect((await put(Buffer.alloc(0))).statusCode).toBe(415);
    const tooLarge = await put(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: PHOTO_MESSAGES.tooLarge });
  });

  it('needs a session, the CSRF token, and the owner: another user’s CV is 404 whatever the verb', async () => {
    const anonymous = await client(world.app);
    expect((await anonymous.get(photoUrl())).statusCode).toBe(401);
    expect((await world.alice.put(photoUrl(), await phonePhoto(), { csrf: false, headers: { 'content-type': 'image/jpeg' } })).statusCode).toBe(403);
    const bob = await client(world.app);
    await bob.signInAs(await insertUser(world.app.db, `bob-${database.name}@example.com`, 'Bob'));
    expect((await bob.get(photoUrl())).statusCode).toBe(404);
    expect((await bob.put(photoUrl(), await phonePhoto(), { headers: { 'content-type': 'image/jpeg' } })).statusCode).toBe(404);
    expect((await bob.delete(photoUrl())).statusCode).toBe(404);
    expect((await world.alice.get(photoUrl())).statusCode).toBe(200);
    expect((await world.alice.get('/v1/GeneratedCV/99999/photo/')).statusCode).toBe(404);
  });

  it('DELETE removes it (and again is still 204); a deleted CV’s photo is not found', async () => {
    expect((await world.alice.delete(photoUrl())).statusCode).toBe(204);
    expect((await world.alice.get(photoUrl())).statusCode).toBe(404);
    expect((await world.alice.delete(photoUrl())).statusCode).toBe(204);

    await put(await phonePhoto());
    expect((await world.alice.delete(`/v1/GeneratedCV/${cvId}/`)).statusCode).toBe(204);
    expect((await world.alice.get(photoUrl())).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('how a photo prints (design.photo) on $name', (database) => {
  const world = aliceSignedIn(database);

  it('saves design.photo with the CV and answers it back; keys left out are the defaults', async () => {
    const saved = await world.alice.post('/v1/GeneratedCV/', {
      ...cvBody('Styled photo'),
      design: { photo: { shape: 'rounded', grayscale: true } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().design.photo).toEqual({
      shape: 'rounded',
      size: 'medium',
      border: false,
      grayscale: true,
      hidden: false,
    });
  });

  it.each([
    [{ shape: 'star' }],
    [{ size: 'huge' }],
    [{ border: 'yes' }],
    [{ hidden: 1 }],
  ])('refuses a bad design.photo %j with 400 and a detail', async (photo) => {
    const response = await world.alice.post('/v1/GeneratedCV/', { ...cvBody('Bad photo'), design: { photo } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toEqual(expect.any(String));
  });

  it('the download prints the saved photo; hidden, it prints none (Word: no image in word/media)', async () => {
    const id = (await world.alice.post('/v1/GeneratedCV/', cvBody('Word photo'))).json().id;
    await world.alice.put(`/v1/GeneratedCV/${id}/photo/`, await phonePhoto(), {
      headers: { 'content-type': 'image/jpeg' },
    });
    const { readZip } = await import('../helpers/zip.js');
    const media = async () =>
      [...(await readZip((await world.alice.get(`/v1/download/word/${id}/`)).rawPayload)).keys()].filter((name) =>
        name.startsWith('word/media/'),
      );
    expect(await media()).toHaveLength(1);
    const hidden = await world.alice.put(`/v1/GeneratedCV/${id}/`, {
      ...cvBody('Word photo'),
      design: { photo: { hidden: true } },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await media()).toEqual([]);
    // Shown again, then the photo removed: the stored file is made again without it.
    await world.alice.put(`/v1/GeneratedCV/${id}/`, { ...cvBody('Word photo'), design: { photo: { hidden: false } } });
    expect(await media()).toHaveLength(1);
    await world.alice.delete(`/v1/GeneratedCV/${id}/photo/`);
    expect(await media()).toEqual([]);
  });

  it('a preview takes the photo as a data URL (never an address) and the ATS view notes parsers ignore it', async () => {
    const dataUrl = `data:image/jpeg;base64,${(await phonePhoto()).toString('base64')}`;
    const body = { template_id: 1, cv_data: { 'Personal Details': { 'full_name-1001-0': 'Ada Lovelace' } } };
    const withPhoto = await world.alice.post('/v1/preview/', { ...body, photo: dataUrl });
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    expect(withPhoto.json().html).toContain('class="cv-photo');
    const without = await world.alice.post('/v1/preview/', body);
    expect(without.json().html).not.toContain('class="cv-photo');

    const address = await world.alice.post('/v1/preview/', { ...body, photo: 'https://127.0.0.1:1/me.jpg' });
    expect(address.statusCode).toBe(400);
    expect(address.json().detail).toBe(`photo: ${PHOTO_MESSAGES.notAnImage}`);
    const svg = await world.alice.post('/v1/preview/', { ...body, photo: `data:image/svg+xml;base64,${SVG.toString('base64')}` });
    expect(svg.statusCode).toBe(400);
  });
});
