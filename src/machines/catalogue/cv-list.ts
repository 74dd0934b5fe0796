import type { GeneratedCv } from '../../api/cvs';
import type { DeliveryActor } from '../delivery/delivery-machine';

// The lists of saved CVs (the templates screen's cards, CV management) run one delivery actor per CV: its
// download, export, email, copy and deletion. These keep a list's CVs and their actors in step.

/** The delivery actor of each CV a list shows, by the CV's id. */
export type CvActionsById = Readonly<Record<number, DeliveryActor>>;

/** One delivery actor per CV, each told which list to leave once its CV is deleted. */
export function cvActionsFor(
  cvs: readonly GeneratedCv[],
  spawnFor: (cv: GeneratedCv) => DeliveryActor,
): CvActionsById {
  return Object.fromEntries(cvs.map((cv) => [cv.id, spawnFor(cv)]));
}

/** A list with a new CV (a duplicate) first, and its delivery actor. */
export function withCv(
  list: { cvs: GeneratedCv[]; cvActions: CvActionsById },
  cv: GeneratedCv,
  actions: DeliveryActor,
) {
  return {
    cvs: [cv, ...list.cvs.filter((other) => other.id !== cv.id)],
    cvActions: { ...list.cvActions, [cv.id]: actions },
  };
}

/** A list without a deleted CV: the CV and its delivery actor (which has stopped: its machine ended). */
export function withoutCv(list: { cvs: GeneratedCv[]; cvActions: CvActionsById }, cvId: number) {
  const cvActions = { ...list.cvActions };
  delete cvActions[cvId];
  return { cvs: list.cvs.filter((cv) => cv.id !== cvId), cvActions };
}
