/**
 * The icons the first page draws (the sign-in card's logo, the colour-mode switch, the password's show/hide), as
 * Chakra icons: Lucide's drawings (ISC licence, lucide-react v1.75.0), without Lucide's React runtime, which would
 * add ~2 KB to /signin's initial JS. Every other icon of the app comes from lucide-react, in the chunks that use it.
 */
import { createIcon } from '@chakra-ui/react';

// Lucide's drawing style: 2 px round strokes in the text colour, no fill.
const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const FileTextIcon = createIcon({
  displayName: 'FileText',
  defaultProps: STROKE,
  path: [
    <path
      d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z"
      key="0"
    />,
    <path d="M14 2v5a1 1 0 0 0 1 1h5" key="1" />,
    <path d="M10 9H8" key="2" />,
    <path d="M16 13H8" key="3" />,
    <path d="M16 17H8" key="4" />,
  ],
});

export const SunIcon = createIcon({
  displayName: 'Sun',
  defaultProps: STROKE,
  path: [
    <circle cx="12" cy="12" r="4" key="0" />,
    <path d="M12 2v2" key="1" />,
    <path d="M12 20v2" key="2" />,
    <path d="m4.93 4.93 1.41 1.41" key="3" />,
    <path d="m17.66 17.66 1.41 1.41" key="4" />,
    <path d="M2 12h2" key="5" />,
    <path d="M20 12h2" key="6" />,
    <path d="m6.34 17.66-1.41 1.41" key="7" />,
    <path d="m19.07 4.93-1.41 1.41" key="8" />,
  ],
});

export const MoonIcon = createIcon({
  displayName: 'Moon',
  defaultProps: STROKE,
  path: [
    <path
      d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"
      key="0"
    />,
  ],
});

export const MonitorIcon = createIcon({
  displayName: 'Monitor',
  defaultProps: STROKE,
  path: [
    <rect width="20" height="14" x="2" y="3" rx="2" key="0" />,
    <line x1="8" x2="16" y1="21" y2="21" key="1" />,
    <line x1="12" x2="12" y1="17" y2="21" key="2" />,
  ],
});

export const EyeIcon = createIcon({
  displayName: 'Eye',
  defaultProps: STROKE,
  path: [
    <path
      d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"
      key="0"
    />,
    <circle cx="12" cy="12" r="3" key="1" />,
  ],
});

export const EyeOffIcon = createIcon({
  displayName: 'EyeOff',
  defaultProps: STROKE,
  path: [
    <path
      d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49"
      key="0"
    />,
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" key="1" />,
    <path
      d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143"
      key="2"
    />,
    <path d="m2 2 20 20" key="3" />,
  ],
});
