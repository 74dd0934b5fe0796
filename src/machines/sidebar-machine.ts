import { assign, setup, type ActorRefFrom } from 'xstate';
import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '../config/constants';

/** The remembered rail state: expanded unless the cookie says otherwise (docs/behaviour.md#shared-navigation). */
export function readSidebarCookie(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value !== 'false';
  }
  return true;
}

export function writeSidebarCookie(expanded: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export type SidebarEvent =
  /** Ctrl/Cmd+B or the toggle button: the rail on wide screens, the drawer on narrow ones. */
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.mobileClose' }
  | { type: 'viewport.changed'; isMobile: boolean };

export interface SidebarInput {
  expanded: boolean;
  isMobile: boolean;
}

export const sidebarMachine = setup({
  types: {
    context: {} as { isMobile: boolean; initiallyExpanded: boolean },
    input: {} as SidebarInput,
    events: {} as SidebarEvent,
  },
  actions: {
    persistSidebarState: (_, params: { expanded: boolean }) => writeSidebarCookie(params.expanded),
    setViewport: assign({ isMobile: (_, params: { isMobile: boolean }) => params.isMobile }),
  },
  guards: {
    startsExpanded: ({ context }) => context.initiallyExpanded,
    isMobile: ({ context }) => context.isMobile,
    isDesktop: ({ context }) => !context.isMobile,
  },
}).createMachine({
  id: 'sidebar',
  type: 'parallel',
  context: ({ input }) => ({ isMobile: input.isMobile, initiallyExpanded: input.expanded }),
  on: {
    'viewport.changed': {
      actions: { type: 'setViewport', params: ({ event }) => ({ isMobile: event.isMobile }) },
    },
  },
  states: {
    rail: {
      initial: 'restoring',
      states: {
        restoring: {
          always: [{ guard: 'startsExpanded', target: 'expanded' }, { target: 'collapsed' }],
        },
        expanded: {
          on: {
            'sidebar.toggle': {
              guard: 'isDesktop',
              target: 'collapsed',
              actions: { type: 'persistSidebarState', params: { expanded: false } },
            },
          },
        },
        collapsed: {
          on: {
            'sidebar.toggle': {
              guard: 'isDesktop',
              target: 'expanded',
              actions: { type: 'persistSidebarState', params: { expanded: true } },
            },
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'sidebar.toggle': { guard: 'isMobile', target: 'open' } } },
        open: {
          on: {
            'sidebar.toggle': { guard: 'isMobile', target: 'closed' },
            'sidebar.mobileClose': 'closed',
            'viewport.changed': {
              target: 'closed',
              actions: { type: 'setViewport', params: ({ event }) => ({ isMobile: event.isMobile }) },
            },
          },
        },
      },
    },
  },
});

export type SidebarActor = ActorRefFrom<typeof sidebarMachine>;
