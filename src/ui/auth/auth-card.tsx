import { Box, Card, Flex, Heading, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { ColorModeButton } from '../color-mode';
import { useFocusOnProblem } from '../form-problem';

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
      <Box position="absolute" top="3" right="3">
        <ColorModeButton />
      </Box>
      <Flex align="center" gap="2.5" color="fg" fontWeight="semibold" textStyle="lg" aria-hidden="true">
        <Flex
          align="center"
          justify="center"
          boxSize="9"
          borderRadius="l2"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
        >
          <Icon boxSize="5">
            <FileText />
          </Icon>
        </Flex>
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
