/*
 * A saved CV's versions (docs/features/versions.md), said once for the web app and the server.
 */

/** The longest name a version may be given ('Sent to Acme'). */
export const MAX_VERSION_NAME_LENGTH = 100;

/** What caused a version: the save that made it. */
export const VERSION_REASONS = ['create', 'update', 'restore', 'import', 'template_switch'] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

/** How a version was delivered. */
export const DELIVERY_KINDS = ['pdf', 'docx', 'email'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
