import { Icon, type IconProps } from '@chakra-ui/react';

/** LinkedIn's "in" mark, drawn inline so nothing is fetched from the internet. */
export function LinkedInIcon(props: IconProps) {
  return (
    <Icon boxSize="4.5" aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24">
        <rect width="24" height="24" rx="4" fill="#0A66C2" />
        <path
          fill="#fff"
          d="M7.1 9.4h-2.6V19h2.6V9.4zM5.8 5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM19.5 13.5c0-2.6-1.4-4.3-3.7-4.3-1.3 0-2.2.7-2.6 1.4V9.4h-2.5V19h2.6v-5c0-1.3.4-2.4 1.8-2.4 1.4 0 1.8 1.2 1.8 2.5V19h2.6v-5.5z"
        />
      </svg>
    </Icon>
  );
}
