import {
  assign,
  enqueueActions,
  sendTo,
  type ActionArgs,
  type AnyActorRef,
  type Assigner,
  type EventObject,
  type ParameterizedObject,
  type PropertyAssigner,
} from 'xstate';
import type { CvFileFormat, CvLayout, CvReference, GeneratedCvPayload } from '../../api/cvs';
import type { CvDataFormat } from '../../api/download';
import type { CvDesign } from '../../api/design';
import type { Template, TemplateDetail } from '../../api/templates';
import type { PageSize } from '../../../rules/design';
import type { CvFormData } from '../../cv/form-data';
import type { PhotoSync } from '../../cv/photo';
import type { History } from '../../cv/history';
import { builderAddress, type BuilderTarget, type CvIdentity } from '../../cv/identity';
import type { CustomEntryField, LayoutStash } from '../../cv/layout';
import { editLockKey } from '../../drafts/keep-draft';
import type { BuilderCv, SavedBase } from '../../drafts/load-cv';
import type { Notice } from '../auth/auth-flow';
import type { SessionActor } from '../auth/session-machine';
import type { AccountDetails } from '../../cv/account-prefill';
import { msg } from '../../../rules/languages';
import type { SectionFormActor, SectionFormReport, sectionFormMachine } from './section-form-machine';
import type { VersionsParentEvent } from '../versions/versions-machine';

// The builder's context and events, shared by the modules its regions live in (saving, sections, structure,
// design, history, delivery) and by the composition in ./builder-machine.

// Builder messages (docs/behaviour.md#messages; docs/features/builder.md for the ones it adds)
export const LOAD_FAILED_NOTICE: Notice = {
  title: msg('Error'),
  description: msg('Failed to load CV data. Please try again.'),
  variant: 'destructive',
};

export const BUILDER_LOADING_TAG = 'loading';
export const BUILDER_SAVING_TAG = 'saving';
export const BUILDER_SWITCHING_TAG = 'switching';
export type BuilderTag =
  typeof BUILDER_LOADING_TAG | typeof BUILDER_SAVING_TAG | typeof BUILDER_SWITCHING_TAG;

export interface BuilderInput {
  /** The id in the address /dashboard/{id}: a template id, or a generated CV's id or uuid. */
  routeId: string;
  /** A new CV's draft id (`?draft=`), minted when 'Create New CV' was clicked. */
  draftId?: string;
  /** The signed-in person's user id: drafts are theirs alone. */
  owner: string;
  /** A new CV's page size: the route gives `pageSizeForLanguages(navigator.languages)`; A4 without. */
  pageSize?: PageSize;
  /** A new CV's language: the route gives `newCvLanguage(navigator.languages)`; English without. */
  language?: string;
  /** The person's session: signing out on purpose stops the drafts (see ./draft-keeper-machine). */
  session?: SessionActor;
}

/** A download or an email asked for while the CV had unsaved changes: it follows the save. */
export type SaveMode = 'first' | 'rename' | 'copy';

export type Delivery = { kind: 'download'; format: CvFileFormat } | { kind: 'email' };

export interface BuilderContext {
  owner: string;
  /** Given to the draft keeper, which stops writing when the person signs out on purpose. */
  session?: SessionActor;
  /** A new CV's page size, from the browser's locale. */
  pageSize: PageSize;
  /** A new CV's language, from the browser's languages. */
  language: string;
  /** What to load: the address's intent first, then the CV it turned out to be (a reload reopens the same). */
  target?: BuilderTarget;
  /** Set when the address cannot be a CV. */
  addressError?: string;
  identity?: CvIdentity;
  cv: BuilderCv;
  template?: TemplateDetail;
  /** One form actor per template section, in template order: each edits its section of `formData`. */
  sectionForms: SectionFormActor[];
  /** Every section's values (docs/behaviour.md#form-data): their one owner (see ./sections). */
  formData: CvFormData;
  /** Values the current template has no place for, kept for a switch back. */
  stash: CvFormData;
  /** How sections the current template has no place for were shaped (hidden, heading, place), for a switch back. */
  layoutStash: LayoutStash;
  entryCounts: number[];
  completedSections: number[];
  expandedSections: number[];
  isSaved: boolean;
  isEditing: boolean;
  /** The saved copy (what 'unsaved' is measured against, and the version a save is checked against). */
  base?: SavedBase;
  /** Whether the form differs from the saved copy. */
  unsaved: boolean;
  /** The text of the save dialog's 'CV Name' box. */
  saveName: string;
  /**
   * What the open save dialog does: name a new CV ('first'), rename a saved one ('rename'), or make a copy under
   * another name ('copy', 'Save as…': the original stays as it was last saved).
   */
  saveMode?: SaveMode;
  /** What the save under way sends, so edits typed meanwhile stay unsaved. */
  savingFingerprint?: string;
  /** After 'This CV was changed elsewhere.', the person chose to save over the other copy. */
  overwrite: boolean;
  /** An import was applied since the last save: the next save's version says so (docs/features/versions.md). */
  importedSinceSave?: boolean;
  pendingDelivery?: Delivery;
  /** The templates the switcher offers. */
  templates: Template[];
  pendingTemplateId?: number;
  /**
   * Where the work goes on: after a section is completed, the next section's header; when a value breaks its field's
   * rules (Save, or completing its section), that field (`fieldKey`, its form-data key), with its message.
   */
  focusRequest?: { sectionIndex: number; sequence: number; fieldKey?: string };
  /** The CV's own structure: its section order, hidden sections, headings, sections of its own. */
  layout: CvLayout;
  /** The CV's design settings: page size, margins, colour, font, sizes, fit to one page, direction. */
  design: CvDesign;
  /** The CV's own sections that are open, by key. */
  expandedCustom: string[];
  /** The CV's own section whose removal waits for the person's word. */
  removingCustom?: string;
  /** Undo and redo over the CV's values and structure alike. */
  history: History<BuilderStep>;
}

/** What one step of the undo history puts back. */
export interface BuilderStep {
  formData: CvFormData;
  entryCounts: number[];
  layout: CvLayout;
  design: CvDesign;
}

export type BuilderEvent =
  | SectionFormReport
  | VersionsParentEvent
  | { type: 'section.toggle'; sectionIndex: number }
  /** 'Save CV' (and Ctrl/⌘+S): a named saved CV at once, a new one through its name first. */
  | { type: 'save.open' }
  /** 'Save as…' (and Ctrl/⌘+Shift+S): a copy of the CV under another name. */
  | { type: 'save.as' }
  /** 'Rename': the CV's name, then saved. */
  | { type: 'save.rename' }
  | { type: 'save.nameChange'; name: string }
  | { type: 'save.cancel' }
  | { type: 'save.submit' }
  | { type: 'save.reload' }
  | { type: 'save.overwrite' }
  | { type: 'cv.download'; format: CvFileFormat }
  | { type: 'cv.email' }
  /** 'Send' under the address the email goes to. */
  | { type: 'email.confirm' }
  | { type: 'email.cancel' }
  /** JSON Resume, Markdown or plain text of what the screen shows: no save needed, nothing leaves. */
  | { type: 'cv.export'; format: CvDataFormat }
  | { type: 'template.switch'; templateId: number }
  /** Write the draft now: the builder is about to close. */
  | { type: 'draft.flush' }
  /** Another tab claimed this CV: write the draft for it, then stop editing. */
  | { type: 'lock.handedOver' }
  /** Another tab took this CV while this one was quiet: its words are newer, write nothing. */
  | { type: 'lock.taken' }
  | { type: 'lock.takeOver' }
  /** The CV's identity changed (a new CV was saved): hold it under its new key. */
  | { type: 'lock.rekey' }
  | { type: 'builder.retry' }
  // The CV's own structure. A section is named by its layout reference (a template section's id as text, or a
  // custom section's key); `toIndex` counts in the list after the pinned personal details.
  | { type: 'layout.moveSection'; ref: string; toIndex: number }
  | { type: 'layout.toggleHidden'; ref: string }
  | { type: 'layout.renameSection'; ref: string; title: string }
  | { type: 'section.moveEntry'; sectionIndex: number; from: number; to: number }
  | { type: 'custom.add' }
  | { type: 'custom.toggle'; key: string }
  | { type: 'custom.rename'; key: string; title: string }
  | { type: 'custom.remove'; key: string }
  | { type: 'custom.removeConfirm' }
  | { type: 'custom.removeCancel' }
  | { type: 'custom.entryAdd'; key: string }
  | { type: 'custom.entryRemove'; key: string; index: number }
  | {
      type: 'custom.entryChange';
      key: string;
      index: number;
      field: CustomEntryField;
      value: string | boolean;
    }
  | { type: 'custom.entryMove'; key: string; from: number; to: number }
  /** One or more design settings changed; the same step as the change before it when `group` matches. */
  | { type: 'design.change'; change: Partial<CvDesign> }
  /** 'Reset to template defaults' (the page size stays). */
  | { type: 'design.reset' }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  /** An imported CV takes the place of the values and the structure on screen; Undo gives them back. */
  | { type: 'cv.import'; formData: CvFormData; layout: CvLayout; photo?: string };

export interface SaveCvInput {
  reference?: CvReference;
  payload: GeneratedCvPayload;
  /** [extension] What the save does with the photo once the CV is saved (src/cv/photo.ts). */
  photo?: PhotoSync;
  /** The version the edit started from: the save is refused (412) if the server holds a newer one. */
  ifLastUpdated?: string;
}

export interface LoadCvInput {
  target: BuilderTarget;
  owner: string;
  /** A new CV's page size. */
  pageSize?: PageSize;
  /** A new CV's language. */
  language?: string;
  /** The person's name, email and phone, for a new CV's personal details. */
  account?: AccountDetails;
}

// Typed helpers for the actions the region modules give the builder's setup(): the same as xstate's `assign` and
// `sendTo`, with the builder's context and events filled in.

/** The actors a builder action spawns by name. */
type Spawned = { src: 'sectionForm'; logic: typeof sectionFormMachine; id: string | undefined };
type Params = ParameterizedObject['params'] | undefined;
export type BuilderArgs = ActionArgs<BuilderContext, BuilderEvent, BuilderEvent>;

export const assignBuilder = <P extends Params = undefined>(
  assignment:
    | Assigner<BuilderContext, BuilderEvent, P, BuilderEvent, Spawned>
    | PropertyAssigner<BuilderContext, BuilderEvent, P, BuilderEvent, Spawned>,
) => assign<BuilderContext, BuilderEvent, P, BuilderEvent, Spawned>(assignment);

/** Actions decided as they run (which forms to tell, whether a delivery waits); none enqueued by name. */
export const enqueueBuilder = (
  collect: Parameters<
    typeof enqueueActions<
      BuilderContext,
      BuilderEvent,
      undefined,
      BuilderEvent,
      Spawned,
      never,
      never,
      never,
      never
    >
  >[0],
) =>
  enqueueActions<BuilderContext, BuilderEvent, undefined, BuilderEvent, Spawned, never, never, never, never>(
    collect,
  );

export const sendFromBuilder = <P extends Params = undefined>(
  to: string | ((args: BuilderArgs, params: P) => AnyActorRef),
  event: (args: BuilderArgs, params: P) => EventObject,
) => sendTo<BuilderContext, BuilderEvent, P, AnyActorRef, BuilderEvent>(to, event);

/** After any change of the CV's values, structure or design: is it unsaved now, the preview, the draft. */
export const AFTER_CHANGE = ['measureUnsaved', 'sendFormToPreview', 'markDraftChanged'] as const;

/** Where the address bar goes: the CV by its uuid once saved, else its template and draft id. */
export const SHOW_ADDRESS = {
  type: 'showAddress',
  params: ({ context }: { context: BuilderContext }) => ({
    address: context.identity && builderAddress(context.identity, context.cv.template),
  }),
} as const;

/** A reload reopens the CV that was loaded, not what the address first asked for (a bare number, `?new`). */
export function targetOf(identity: CvIdentity, templateId: number): BuilderTarget {
  return identity.kind === 'saved'
    ? { kind: 'saved', reference: identity.uuid }
    : { kind: 'new', templateId, draftId: identity.draftId };
}

/** The name under which tabs agree who edits this CV. */
export function lockKey(context: Pick<BuilderContext, 'owner' | 'identity'>): string {
  return editLockKey(context.owner, context.identity!);
}
