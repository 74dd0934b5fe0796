import { photoKey, photoSync } from '../../src/cv/photo';
import { PLAIN_PHOTO, designToWire, templateDesign } from '../../src/api/design';
import { changePhoto, designForServer, sameDesign } from '../../src/cv/design';

const IMAGE = 'data:image/jpeg;base64,/9j/AAAA';

describe('the photo in the CV model', () => {
  it('a save uploads a new or changed photo, removes a removed one, and leaves one that did not change', () => {
    expect(photoSync({ image: IMAGE, savedKey: undefined, fresh: true })).toEqual({ kind: 'upload', image: IMAGE });
    expect(photoSync({ image: undefined, savedKey: undefined, fresh: true })).toEqual({ kind: 'keep' });
    expect(photoSync({ image: IMAGE, savedKey: photoKey(IMAGE), fresh: false })).toEqual({ kind: 'keep' });
    expect(photoSync({ image: `${IMAGE}B`, savedKey: photoKey(IMAGE), fresh: false }).kind).toBe('upload');
    expect(photoSync({ image: undefined, savedKey: photoKey(IMAGE), fresh: false })).toEqual({ kind: 'remove' });
    expect(photoSync({ image: undefined, savedKey: undefined, fresh: false })).toEqual({ kind: 'keep' });
  });

  it('the image never travels in a design; default photo settings send no photo key at all', () => {
    const plain = templateDesign();
    expect(designToWire(plain)).not.toHaveProperty('photo');
    const withImage = changePhoto(plain, { image: IMAGE });
    expect(sameDesign(withImage, plain)).toBe(false);
    expect(designForServer(withImage)).toBeNull();
    const hidden = changePhoto(withImage, { hidden: true });
    expect(designForServer(hidden)).toMatchObject({ photo: { ...PLAIN_PHOTO, hidden: true } });
    expect(JSON.stringify(designForServer(hidden))).not.toContain('base64');
    expect(changePhoto(withImage, { image: undefined }).photo).toEqual(PLAIN_PHOTO);
  });
});
