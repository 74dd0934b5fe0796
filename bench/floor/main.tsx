/**
 * The smallest /signin this product's stack allows: React, TanStack Router, an XState machine, Chakra UI v3
 * (its base config with only the four recipes a sign-in form needs) and a translation library (Lingui's core: the
 * interface speaks the person's language, docs/decisions/0053-languages.md), and no app code at all. bench/builder.ts
 * builds it to show how much of the initial-JS budget the mandated libraries take before the first line of ours.
 * main-axios.tsx adds an axios client (the stack's HTTP library).
 */
import { Box, Button, ChakraProvider, Field, Heading, Input, Stack, createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { breakpoints, buttonRecipe, cssVarsPrefix, cssVarsRoot, fieldSlotRecipe, globalCss, headingRecipe, inputRecipe, semanticTokens, tokens } from '@chakra-ui/react/theme';
import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { setupI18n } from '@lingui/core';
import { useMachine } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { assign, fromPromise, setup } from 'xstate';

const system = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      tokens,
      semanticTokens,
      recipes: { button: buttonRecipe, input: inputRecipe, heading: headingRecipe },
      slotRecipes: { field: fieldSlotRecipe },
    },
  }),
);

const i18n = setupI18n({ locale: 'en', messages: { en: {} }, missing: (_language, id) => id });

const signIn = setup({
  actors: { submit: fromPromise(async () => 'signed in') },
  actions: { remember: assign({ email: (_, params: { email: string }) => params.email }) },
}).createMachine({
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: { on: { submit: { target: 'submitting', actions: { type: 'remember', params: ({ event }) => ({ email: event.email }) } } } },
    submitting: { invoke: { src: 'submit', onDone: 'editing', onError: 'editing' } },
  },
});

function SignIn() {
  const [state, send] = useMachine(signIn);
  return (
    <Box as="form" onSubmit={(event) => (event.preventDefault(), send({ type: 'submit', email: 'a@b.c' }))}>
      <Heading>{i18n._('Welcome')}</Heading>
      <Stack>
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input type="email" defaultValue={state.context.email} />
        </Field.Root>
        <Button type="submit" loading={state.matches('submitting')}>
          Sign in
        </Button>
      </Stack>
    </Box>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({
  routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/signin', component: SignIn })]),
});

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <RouterProvider router={router} />
  </ChakraProvider>,
);
