import { Center, Icon, Image } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';

/** A template's icon (a render of the template with sample data), or a neutral stand-in when it has none. */
export function TemplateImage({ src, name }: { src: string | null; name: string }) {
  const { t } = useT();
  // An icon that fails to load is a cosmetic problem: show the stand-in rather than a broken image.
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center
        w="full"
        h="full"
        bg="bg.muted"
        color="fg.subtle"
        aria-label={t('{name} template', { name })}
        role="img"
      >
        <Icon boxSize="12">
          <FileText />
        </Icon>
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={t('{name} template', { name })}
      w="full"
      h="full"
      objectFit="cover"
      objectPosition="top"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
