import { NUMERIC_ID_PATTERN, UUID_PATTERN } from '../config/constants';

// Which CV the builder edits. A saved CV is its uuid; a new CV is a draft id minted when 'Create New CV' is
// clicked. The template is never the identity: it travels beside it (the address's number for a new CV).

export type CvIdentity = { kind: 'saved'; uuid: string } | { kind: 'new'; draftId: string };

/** What the address /dashboard/{id}?draft=… asks for, before anything is fetched. */
export type BuilderTarget =
  /** A uuid: that saved CV. */
  | { kind: 'saved'; reference: string }
  /** A template id with a draft id: a new CV from that template, whatever CV shares the number. */
  | { kind: 'new'; templateId: number; draftId: string }
  /** A bare number typed by hand: a saved CV's id first, else a template id (docs/behaviour.md#cv-builder). */
  | { kind: 'numeric'; id: number };

export const DRAFT_ID_PATTERN = UUID_PATTERN;

export class UnknownBuilderIdError extends Error {
  constructor(routeId: string) {
    super(`"${routeId}" is neither a template id nor a CV id.`);
  }
}

export { mintDraftId } from './draft-id';

export function isDraftId(value: unknown): value is string {
  return typeof value === 'string' && DRAFT_ID_PATTERN.test(value);
}

export function resolveBuilderTarget(routeId: string, draftId?: string): BuilderTarget {
  if (UUID_PATTERN.test(routeId)) return { kind: 'saved', reference: routeId.toLowerCase() };
  if (!NUMERIC_ID_PATTERN.test(routeId)) throw new UnknownBuilderIdError(routeId);
  if (draftId !== undefined && isDraftId(draftId))
    return { kind: 'new', templateId: Number(routeId), draftId };
  return { kind: 'numeric', id: Number(routeId) };
}

/** The draft of a CV is stored under this name (with the person's id in front, see ./draft). */
export function cvKeyOf(identity: CvIdentity): string {
  return identity.kind === 'saved' ? `cv:${identity.uuid}` : `new:${identity.draftId}`;
}

/**
 * The builder's address for a CV: a saved CV's uuid (every link to a saved CV uses it, so a number can never
 * be mistaken), or for a new CV its template with the draft id, so a reload reopens the same draft.
 */
export function builderAddress(identity: CvIdentity, templateId: number): string {
  return identity.kind === 'saved'
    ? `/dashboard/${encodeURIComponent(identity.uuid)}`
    : `/dashboard/${templateId}?draft=${encodeURIComponent(identity.draftId)}`;
}
