import sharp from 'sharp';
import { processPhoto } from '../../../src/photos/process.js';
import { storePhoto } from '../../../src/photos/repository.js';
import type { ProviderStates } from '../provider-state.js';
import { SAVED_CV, states as cvStates } from './cvs.js';

/*
 * The photo of a saved CV (server/src/photos/):
 * - 'a signed-in user with a saved CV with a photo' → 'a signed-in user with a saved CV', and SAVED_CV has a photo
 */

export const states: ProviderStates = {
  'a signed-in user with a saved CV with a photo': async (context) => {
    await cvStates['a signed-in user with a saved CV']!(context);
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await storePhoto(context.db, SAVED_CV.id, await processPhoto(image));
  },
};
