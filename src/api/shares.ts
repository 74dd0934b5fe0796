import * as t from 'io-ts';
import { IgnoredBody, optional } from './codecs';
import type { CvReference } from './cvs';
import type { ApiClient, RequestOptions } from './http';

// [extension] A saved CV's share links (docs/decisions/0045-share-links.md): one link per recipient, each with its own label,
// optional password and expiry, its own counts, and its own revocation. A backend without them answers 404.

/** Views and downloads of one link on one day (the server's day, UTC). */
export const ShareDay = t.type(
  {
    /** YYYY-MM-DD */
    date: t.string,
    views: t.number,
    downloads: t.number,
  },
  'ShareDay',
);
export type ShareDay = t.TypeOf<typeof ShareDay>;

const RawShare = t.intersection([
  t.type({
    id: t.number,
    slug: t.string,
    /** The public address: PUBLIC_URL + /s/ + slug. */
    url: t.string,
    label: t.string,
    has_password: t.boolean,
    /** ISO 8601. */
    created: t.string,
    views: t.number,
    downloads: t.number,
  }),
  t.partial({
    /** ISO 8601; absent or null: the link never expires. */
    expires_at: optional(t.string),
    /** The pinned version's number; absent or null: the latest saved version. */
    version: optional(t.number),
    last_viewed: optional(t.string),
    revoked_at: optional(t.string),
    /** The last 30 days, oldest first. */
    daily: optional(t.array(ShareDay)),
  }),
]);

/** One share link as the web app uses it: what the server may leave out is null (or no days). */
export interface Share {
  id: number;
  slug: string;
  url: string;
  label: string;
  hasPassword: boolean;
  expiresAt: string | null;
  version: number | null;
  created: string;
  lastViewed: string | null;
  revokedAt: string | null;
  views: number;
  downloads: number;
  daily: ShareDay[];
}

function toShare(raw: t.TypeOf<typeof RawShare>): Share {
  return {
    id: raw.id,
    slug: raw.slug,
    url: raw.url,
    label: raw.label,
    hasPassword: raw.has_password,
    expiresAt: raw.expires_at ?? null,
    version: raw.version ?? null,
    created: raw.created,
    lastViewed: raw.last_viewed ?? null,
    revokedAt: raw.revoked_at ?? null,
    views: raw.views,
    downloads: raw.downloads,
    daily: raw.daily ?? [],
  };
}

export const Share = new t.Type<Share, unknown, unknown>(
  'Share',
  (value): value is Share =>
    typeof value === 'object' && value !== null && 'hasPassword' in value && 'slug' in value,
  (input, context) => {
    const decoded = RawShare.validate(input, context);
    return decoded._tag === 'Left' ? decoded : t.success(toShare(decoded.right));
  },
  (value) => value,
);

export const ShareList = t.array(Share, 'ShareList');

/** What a new link is made with. Left out (or null): no password, no expiry, the latest saved version. */
export interface NewShare {
  label: string;
  password?: string | null;
  /** 'YYYY-MM-DD' (the end of that day, UTC) or an ISO date-time. */
  expires_at?: string | null;
  /** A version's number (src/api/versions.ts) to pin. */
  version?: number | null;
}

type ReadOptions = Pick<RequestOptions, 'signal'>;

const sharesPath = (cv: CvReference) => `/v1/GeneratedCV/${encodeURIComponent(String(cv))}/shares/`;

/** GET /v1/GeneratedCV/{id}/shares/: every link of the CV, newest first, revoked ones too. */
export function listShares(client: ApiClient, cv: CvReference, options?: ReadOptions): Promise<Share[]> {
  return client.get(sharesPath(cv), ShareList, options);
}

/** POST /v1/GeneratedCV/{id}/shares/: 201 with the new link. */
export function createShare(client: ApiClient, cv: CvReference, share: NewShare): Promise<Share> {
  return client.post(sharesPath(cv), share, Share, { expectStatus: 201 });
}

/** DELETE /v1/GeneratedCV/{id}/shares/{shareId}/: 204; the link answers 410 from then on. */
export async function revokeShare(client: ApiClient, cv: CvReference, shareId: number): Promise<void> {
  await client.delete(`${sharesPath(cv)}${shareId}/`, IgnoredBody);
}
