import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { activeSessionsMachine } from '../machines/profile/active-sessions-machine';
import { passkeysMachine } from '../machines/profile/passkeys-machine';
import { changePasswordMachine } from '../machines/profile/change-password-machine';
import { dataDownloadMachine } from '../machines/profile/data-download-machine';
import { inspectOptions } from '../machines/inspect';
import { profileMachine } from '../machines/profile/profile-machine';
import { twoStepMachine } from '../machines/profile/two-step-machine';
import { downloadRecoveryCodes, printRecoveryCodes } from './recovery-codes-file';
import { securityActivityMachine } from '../machines/profile/security-activity-machine';
import { ProfileScreen } from '../ui/profile/profile-screen';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/_authenticated/profile')({ component: ProfilePage });

function ProfilePage() {
  const { session } = Route.useRouteContext();
  const effects = useFlowEffects();
  const [logic] = useState(() => ({
    profile: profileMachine.provide({ actions: effects }),
    changePassword: changePasswordMachine.provide({ actions: { notify: effects.notify } }),
    sessions: activeSessionsMachine.provide({ actions: { notify: effects.notify } }),
    twoStep: twoStepMachine.provide({
      actions: { notify: effects.notify, downloadRecoveryCodes, printRecoveryCodes },
    }),
    activity: securityActivityMachine,
    passkeys: passkeysMachine.provide({ actions: { notify: effects.notify } }),
  }));
  const profile = useActorRef(logic.profile, { input: { session }, ...inspectOptions });
  const changePasswordActor = useActorRef(logic.changePassword, inspectOptions);
  const sessionsActor = useActorRef(logic.sessions, inspectOptions);
  const twoStepActor = useActorRef(logic.twoStep, inspectOptions);
  const dataDownload = useActorRef(dataDownloadMachine, inspectOptions);
  const activityActor = useActorRef(logic.activity, inspectOptions);
  const passkeysActor = useActorRef(logic.passkeys, inspectOptions);
  return (
    <ProfileScreen
      profile={profile}
      changePassword={changePasswordActor}
      sessions={sessionsActor}
      twoStep={twoStepActor}
      dataDownload={dataDownload}
      activity={activityActor}
      passkeys={passkeysActor}
    />
  );
}
