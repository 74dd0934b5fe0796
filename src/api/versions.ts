import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import {
  CvFieldEntry,
  GeneratedCvDetail,
  decodeLayout,
  type CvFileFormat,
  type CvLayout,
  type CvReference,
} from './cvs';
import { RawDesign, toDesign, type CvDesign } from './design';
import { DELIVERY_KINDS, VERSION_REASONS, type DeliveryKind, type VersionReason } from '../../rules/versions';

// [extension] A saved CV's versions (docs/features/versions.md): every save keeps one; a version can be named,
// read, restored and downloaded. A backend without them answers 404: the builder then says versions are not kept.

const keyOf = <T extends string>(values: readonly T[]) =>
  t.keyof(Object.fromEntries(values.map((value) => [value, null])) as Record<T, null>);

export const VersionDelivery = t.type(
  { kind: keyOf<DeliveryKind>(DELIVERY_KINDS), at: t.string },
  'VersionDelivery',
);
export type VersionDelivery = t.TypeOf<typeof VersionDelivery>;

export const CvVersion = t.type(
  {
    number: t.number,
    /** ISO 8601. */
    created: t.string,
    name: t.union([t.string, t.null]),
    reason: keyOf<VersionReason>(VERSION_REASONS),
    /** The template id it was saved with. */
    template: t.number,
    deliveries: t.array(VersionDelivery),
  },
  'CvVersion',
);
export type CvVersion = t.TypeOf<typeof CvVersion>;

export const CvVersionList = t.array(CvVersion, 'CvVersionList');

const RawVersionDetail = t.intersection([
  CvVersion,
  t.type({ entries: t.array(CvFieldEntry) }),
  t.partial({ layout: t.union([t.unknown, t.null]), design: t.union([RawDesign, t.null, t.undefined]) }),
]);

/** One version in full: what the CV held then. */
export interface CvVersionDetail extends CvVersion {
  entries: CvFieldEntry[];
  /** Absent: the template's own structure and look. */
  layout?: CvLayout;
  design?: CvDesign;
}

export const CvVersionDetail = new t.Type<CvVersionDetail, unknown, unknown>(
  'CvVersionDetail',
  (value): value is CvVersionDetail =>
    CvVersion.is(value) && Array.isArray((value as CvVersionDetail).entries),
  (input, context) => {
    const decoded = RawVersionDetail.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    const { layout, design, ...rest } = decoded.right;
    const decodedLayout = layout ? decodeLayout(layout) : undefined;
    if (layout && !decodedLayout) return t.failure(input, context, 'expected a layout');
    return t.success({
      ...rest,
      ...(decodedLayout ? { layout: decodedLayout } : {}),
      ...(design ? { design: toDesign(design) } : {}),
    });
  },
  (value) => value,
);

type ReadOptions = Pick<RequestOptions, 'signal'>;

const versionsPath = (cv: CvReference) => `/v1/GeneratedCV/${encodeURIComponent(String(cv))}/versions/`;
const versionPath = (cv: CvReference, number: number) => `${versionsPath(cv)}${number}/`;

/** GET /v1/GeneratedCV/{id}/versions/: newest first. */
export function listVersions(
  client: ApiClient,
  cv: CvReference,
  options?: ReadOptions,
): Promise<CvVersion[]> {
  return client.get(versionsPath(cv), CvVersionList, options);
}

/** GET /v1/GeneratedCV/{id}/versions/{number}/: the version with its entries, layout and design. */
export function getVersion(
  client: ApiClient,
  cv: CvReference,
  number: number,
  options?: ReadOptions,
): Promise<CvVersionDetail> {
  return client.get(versionPath(cv, number), CvVersionDetail, options);
}

/** PATCH /v1/GeneratedCV/{id}/versions/{number}/ { name }: '' or null removes the name. */
export function renameVersion(
  client: ApiClient,
  cv: CvReference,
  number: number,
  name: string | null,
): Promise<CvVersion> {
  return client.patch(versionPath(cv, number), { name }, CvVersion);
}

/** POST /v1/GeneratedCV/{id}/versions/{number}/restore/: a new version with the old content; the CV as now saved. */
export function restoreVersion(
  client: ApiClient,
  cv: CvReference,
  number: number,
): Promise<GeneratedCvDetail> {
  return client.post(`${versionPath(cv, number)}restore/`, {}, GeneratedCvDetail);
}

/** GET /v1/download/{pdf|word}/{id}/?version={number}: a version's file, as it printed then. */
export function downloadVersion(
  client: ApiClient,
  cv: CvReference,
  number: number,
  format: CvFileFormat,
): Promise<Blob> {
  return client.getBlob(`/v1/download/${format}/${encodeURIComponent(String(cv))}/`, {
    params: { version: number },
  });
}
