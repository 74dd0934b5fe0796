import type { AnyStateMachine } from 'xstate';
import { accountLinkMachine } from './profile/account-link-machine';
import { builderMachine } from './builder/builder-machine';
import { designPanelMachine } from './builder/design-panel-machine';
import { photoEditorMachine } from './builder/photo-editor-machine';
import { previewViewMachine } from './builder/preview-view-machine';
import { draftKeeperMachine } from './builder/draft-keeper-machine';
import { changePasswordMachine } from './profile/change-password-machine';
import { confirmEmailMachine } from './auth/confirm-email-machine';
import { cvManagementMachine } from './catalogue/cv-management-machine';
import { recentlyDeletedMachine } from './catalogue/recently-deleted-machine';
import { letterBinMachine } from './catalogue/letter-bin-machine';
import { importMachine } from './cv-data/import-machine';
import { forgotPasswordMachine } from './auth/forgot-password-machine';
import { deliveryMachine } from './delivery/delivery-machine';
import { googleSignInMachine } from './auth/google-sign-in-machine';
import { linkedinCallbackMachine } from './auth/linkedin-callback-machine';
import { linkedinSignInMachine } from './auth/linkedin-sign-in-machine';
import { previewMachine } from './builder/preview-machine';
import { profileMachine } from './profile/profile-machine';
import { resetPasswordMachine } from './auth/reset-password-machine';
import { sectionFormMachine } from './builder/section-form-machine';
import { sessionMachine } from './auth/session-machine';
import { contactMachine } from './contact-machine';
import { activeSessionsMachine } from './profile/active-sessions-machine';
import { dataDownloadMachine } from './profile/data-download-machine';
import { securityActivityMachine } from './profile/security-activity-machine';
import { passkeySignInMachine } from './auth/passkey-sign-in-machine';
import { passkeysMachine } from './profile/passkeys-machine';
import { sidebarMachine } from './sidebar-machine';
import { signInMachine } from './auth/sign-in-machine';
import { secondStepMachine } from './auth/second-step-machine';
import { signUpMachine } from './auth/sign-up-machine';
import { templatesListMachine } from './catalogue/templates-list-machine';
import { twoStepMachine } from './profile/two-step-machine';
import { newRecoveryCodesMachine } from './profile/new-recovery-codes-machine';
import { versionsMachine } from './versions/versions-machine';
import { shareMachine } from './sharing/share-machine';
import { letterEditorMachine } from './cover-letters/letter-editor-machine';
import { letterPreviewMachine } from './cover-letters/letter-preview-machine';
import { letterDeliveryMachine } from './cover-letters/letter-delivery-machine';
import { letterListMachine } from './cover-letters/letter-list-machine';
import { languageMachine } from './language/language-machine';

/**
 * Every flow machine of the app by its id: for the inspector, for docs and for the test that checks
 * each machine is built with `setup()` and renders as a statechart. Add yours here: the test
 * (tests/machines/registry.test.ts) fails for an exported machine that is missing.
 */
export const machineRegistry: Record<string, AnyStateMachine> = {
  [sessionMachine.id]: sessionMachine,
  [sidebarMachine.id]: sidebarMachine,
  [signInMachine.id]: signInMachine,
  [secondStepMachine.id]: secondStepMachine,
  [signUpMachine.id]: signUpMachine,
  [googleSignInMachine.id]: googleSignInMachine,
  [linkedinSignInMachine.id]: linkedinSignInMachine,
  [linkedinCallbackMachine.id]: linkedinCallbackMachine,
  [confirmEmailMachine.id]: confirmEmailMachine,
  [contactMachine.id]: contactMachine,
  [forgotPasswordMachine.id]: forgotPasswordMachine,
  [resetPasswordMachine.id]: resetPasswordMachine,
  [profileMachine.id]: profileMachine,
  [changePasswordMachine.id]: changePasswordMachine,
  [activeSessionsMachine.id]: activeSessionsMachine,
  [twoStepMachine.id]: twoStepMachine,
  [newRecoveryCodesMachine.id]: newRecoveryCodesMachine,
  [dataDownloadMachine.id]: dataDownloadMachine,
  [securityActivityMachine.id]: securityActivityMachine,
  [passkeySignInMachine.id]: passkeySignInMachine,
  [passkeysMachine.id]: passkeysMachine,
  [accountLinkMachine.id]: accountLinkMachine,
  [templatesListMachine.id]: templatesListMachine,
  [cvManagementMachine.id]: cvManagementMachine,
  [recentlyDeletedMachine.id]: recentlyDeletedMachine,
  [letterBinMachine.id]: letterBinMachine,
  [deliveryMachine.id]: deliveryMachine,
  [builderMachine.id]: builderMachine,
  [sectionFormMachine.id]: sectionFormMachine,
  [previewMachine.id]: previewMachine,
  [importMachine.id]: importMachine,
  [designPanelMachine.id]: designPanelMachine,
  [photoEditorMachine.id]: photoEditorMachine,
  [previewViewMachine.id]: previewViewMachine,
  [draftKeeperMachine.id]: draftKeeperMachine,
  [versionsMachine.id]: versionsMachine,
  [shareMachine.id]: shareMachine,
  [letterEditorMachine.id]: letterEditorMachine,
  [letterPreviewMachine.id]: letterPreviewMachine,
  [letterDeliveryMachine.id]: letterDeliveryMachine,
  [letterListMachine.id]: letterListMachine,
  [languageMachine.id]: languageMachine,
};
