import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, waitFor } from 'xstate';
import { changePasswordMachine } from '../machines/change-password-machine';
import { inspectOptions } from '../machines/inspect';
import { profileMachine } from '../machines/profile-machine';
import { SESSION_SETTLED_TAG, isAuthenticated, type SessionActor } from '../machines/session-machine';
import { ProfileScreen } from '../ui/profile/profile-screen';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/_authenticated/profile')({ component: ProfilePage });

/** The profile flows given the session, the toaster and the router (their API calls are their own). */
export function profileLogic(session: SessionActor, effects: ReturnType<typeof useFlowEffects>) {
  return {
    profile: profileMachine.provide({
      actors: {
        waitForSession: fromPromise<boolean>(async () =>
          isAuthenticated(await waitFor(session, (state) => state.hasTag(SESSION_SETTLED_TAG))),
        ),
      },
      actions: effects,
    }),
    changePassword: changePasswordMachine.provide({ actions: { notify: effects.notify } }),
  };
}

function ProfilePage() {
  const { session } = Route.useRouteContext();
  const effects = useFlowEffects();
  const [logic] = useState(() => profileLogic(session, effects));
  const profile = useActorRef(logic.profile, { input: { session }, ...inspectOptions });
  const changePasswordActor = useActorRef(logic.changePassword, inspectOptions);
  return <ProfileScreen profile={profile} changePassword={changePasswordActor} />;
}
