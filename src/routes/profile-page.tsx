import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, waitFor } from 'xstate';
import { getProfile, type Profile } from '../api/auth';
import { apiClient } from '../api/client';
import {
  changePassword,
  deleteAccount,
  updateProfile,
  type PasswordChangePayload,
  type ProfileUpdatePayload,
} from '../api/profile';
import { changePasswordMachine } from '../machines/change-password-machine';
import { inspectOptions } from '../machines/inspect';
import { profileMachine } from '../machines/profile-machine';
import { SESSION_SETTLED_TAG, isAuthenticated, type SessionActor } from '../machines/session-machine';
import { ProfileScreen } from '../ui/profile/profile-screen';
import { useFlowEffects } from './auth-flow-effects';

export const Route = createLazyRoute('/_authenticated/profile')({ component: ProfilePage });

/** The profile flows wired to the real API client, the session, the toaster and the router. */
export function profileLogic(session: SessionActor, effects: ReturnType<typeof useFlowEffects>) {
  return {
    profile: profileMachine.provide({
      actors: {
        waitForSession: fromPromise<boolean>(async () =>
          isAuthenticated(await waitFor(session, (state) => state.hasTag(SESSION_SETTLED_TAG))),
        ),
        fetchProfile: fromPromise<Profile>(({ signal }) => getProfile(apiClient, { signal })),
        updateProfile: fromPromise<Profile, ProfileUpdatePayload>(({ input }) =>
          updateProfile(apiClient, input),
        ),
        deleteAccount: fromPromise<void>(() => deleteAccount(apiClient)),
      },
      actions: effects,
    }),
    changePassword: changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise<void, PasswordChangePayload>(({ input }) =>
          changePassword(apiClient, input),
        ),
      },
      actions: { notify: effects.notify },
    }),
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
