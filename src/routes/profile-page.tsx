import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { activeSessionsMachine } from '../machines/profile/active-sessions-machine';
import { changePasswordMachine } from '../machines/profile/change-password-machine';
import { inspectOptions } from '../machines/inspect';
import { profileMachine } from '../machines/profile/profile-machine';
import { twoStepMachine } from '../machines/profile/two-step-machine';
import { downloadRecoveryCodes, printRecoveryCodes } from './recovery-codes-file';
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
  }));
  const profile = useActorRef(logic.profile, { input: { session }, ...inspectOptions });
  const changePasswordActor = useActorRef(logic.changePassword, inspectOptions);
  const sessionsActor = useActorRef(logic.sessions, inspectOptions);
  const twoStepActor = useActorRef(logic.twoStep, inspectOptions);
  return (
    <ProfileScreen
      profile={profile}
      changePassword={changePasswordActor}
      sessions={sessionsActor}
      twoStep={twoStepActor}
    />
  );
}
