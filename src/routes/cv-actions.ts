import { generatedCvActionsMachine } from '../machines/catalogue/generated-cv-actions-machine';
import { notify } from './notify';

/** What the lists run for each saved CV (download, email, delete), telling the person with the app's toaster. */
export const cvActionsWithToasts = generatedCvActionsMachine.provide({ actions: { notify } });
