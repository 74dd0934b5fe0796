import { Card, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useContext, useRef, type ReactNode } from 'react';
import { ColorModeButton } from '../color-mode';
import { FileTextIcon } from '../first-page-icons';
import { useFocusOnProblem } from '../form-problem';
import { LanguageActorContext } from '../language-context';

// The language menu comes after the first paint, with the language actor (main.tsx).
const LanguageMenu = lazy(() => import('../language-menu'));

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. a status icon on the confirmation screen. */
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The frame of every account screen: the product name, a centred card, the colour mode switch. */
export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  const languages = useContext(LanguageActorContext);
  return (
    <Flex
      as="main"
      direction="column"
      minH="100dvh"
      align="center"
      justify="center"
      gap="6"
      px={{ base: '4', sm: '6' }}
      py="10"
      bg={{ base: 'gray.50', _dark: 'gray.950' }}
    >
      {/* In a corner where there is room; on a phone above the product's name, which a language's name (Deutsch,
          Français) would otherwise cover. */}
      <Flex
        position={{ base: 'static', sm: 'absolute' }}
        alignSelf={{ base: 'flex-end', sm: 'auto' }}
        top="3"
        insetEnd="3"
        gap="2"
        align="center"
      >
        {languages && (
          <Suspense fallback={null}>
            <LanguageMenu />
          </Suspense>
        )}
        <ColorModeButton />
      </Flex>
      <Flex align="center" gap="2.5" color="fg" fontWeight="semibold" textStyle="lg" aria-hidden="true">
        <Flex
          align="center"
          justify="center"
          boxSize="9"
          borderRadius="l2"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
        >
          <FileTextIcon boxSize="5" />
        </Flex>
        {/* i18n-ignore: the product's own name */}
        CV Builder
      </Flex>
      <Card.Root
        width="full"
        maxW="md"
        variant="elevated"
        boxShadow="lg"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="border.muted"
      >
        <Card.Header
          gap="2"
          pb="2"
          textAlign={icon ? 'center' : undefined}
          alignItems={icon ? 'center' : undefined}
        >
          {icon}
          <Heading as="h1" size="2xl" letterSpacing="tight">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" textStyle="sm">
              {description}
            </Text>
          )}
        </Card.Header>
        <Card.Body pt="4">{children}</Card.Body>
        {footer && (
          <Card.Footer justifyContent="center" borderTopWidth="1px" pt="4" mt="2">
            <Text textStyle="sm" color="fg.muted" textAlign="center">
              {footer}
            </Text>
          </Card.Footer>
        )}
      </Card.Root>
    </Flex>
  );
}

/** A text link to another screen, in the accent colour. */
export function AuthLink({
  to,
  children,
}: {
  to: '/signin' | '/signup' | '/forgot-password' | '/contact' | '/profile';
  children: ReactNode;
}) {
  return (
    <ChakraLink asChild color="colorPalette.fg" fontWeight="medium" textStyle="sm">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/**
 * Stacks the fields of an account form and keeps the browser's own validation out of the way. Each refused
 * submit (`attempt`, counted by the form's machine) moves the focus to what needs attention.
 */
export function AuthForm({
  onSubmit,
  label,
  attempt = 0,
  children,
}: {
  onSubmit: () => void;
  label: string;
  attempt?: number;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, attempt);
  return (
    <form
      ref={form}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="5">{children}</Stack>
    </form>
  );
}
