import {
  Box,
  Button,
  Checkbox,
  Dialog,
  HStack,
  Image,
  Portal,
  SegmentGroup,
  Slider,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Camera, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import type { CvDesign, PhotoDesign } from '../../api/design';
import { changePhoto, samePhoto } from '../../cv/design';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  photoEditorMachine,
  type PhotoEditorActor,
} from '../../machines/builder/photo-editor-machine';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

/** The photo input's id: 'Add photo' and 'Change photo' open it. */
export const PHOTO_INPUT_ID = 'cv-photo-input';

const SHAPES: { value: PhotoDesign['shape']; label: string }[] = [
  { value: 'square', label: msg('Square') },
  { value: 'rounded', label: msg('Rounded') },
  { value: 'circle', label: msg('Circle') },
];
const SIZES: { value: PhotoDesign['size']; label: string }[] = [
  { value: 'small', label: msg('Small') },
  { value: 'medium', label: msg('Medium') },
  { value: 'large', label: msg('Large') },
];

function PhotoChoice<K extends 'shape' | 'size'>({
  label,
  setting,
  items,
  photo,
  onChange,
}: {
  label: string;
  setting: K;
  items: { value: PhotoDesign[K]; label: string }[];
  photo: PhotoDesign;
  onChange: (change: Partial<PhotoDesign>) => void;
}) {
  const { t } = useT();
  const labelId = useId();
  return (
    <Stack gap="1.5">
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {label}
      </Text>
      <SegmentGroup.Root
        size={{ base: 'lg', md: 'sm' }}
        value={photo[setting]}
        aria-labelledby={labelId}
        onValueChange={(details) => {
          if (details.value) onChange({ [setting]: details.value } as Partial<PhotoDesign>);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items.map((item) => ({ ...item, label: t(item.label) }))} flex="1" />
      </SegmentGroup.Root>
    </Stack>
  );
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      minH="11"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The cropper: drag to frame, zoom with the slider (or the wheel, or the arrow keys on the image). */
function CropDialog({ editor, shape }: { editor: PhotoEditorActor; shape: PhotoDesign['shape'] }) {
  const { t } = useT();
  const open = useSelector(editor, (snapshot) => snapshot.matches('cropping') || snapshot.matches('making'));
  const making = useSelector(editor, (snapshot) => snapshot.matches('making'));
  const source = useSelector(editor, (snapshot) => snapshot.context.source);
  const crop = useSelector(editor, (snapshot) => snapshot.context.crop);
  const zoom = useSelector(editor, (snapshot) => snapshot.context.zoom);
  const problem = useSelector(editor, (snapshot) => snapshot.context.problem);
  return (
    <Dialog.Root
      open={open}
      placement="center"
      size={{ base: 'full', md: 'md' }}
      onOpenChange={(details) => {
        if (!details.open && !making) editor.send({ type: 'photo.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('Crop your photo')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description mb="3">
                {t('Drag the photo to frame your face, and zoom in or out.')}
              </Dialog.Description>
              <Box
                position="relative"
                h={{ base: '50dvh', md: '20rem' }}
                bg="gray.900"
                borderRadius="l2"
                overflow="hidden"
              >
                {source && (
                  <Cropper
                    image={source}
                    crop={crop}
                    zoom={zoom}
                    minZoom={MIN_ZOOM}
                    maxZoom={MAX_ZOOM}
                    aspect={1}
                    cropShape={shape === 'circle' ? 'round' : 'rect'}
                    showGrid={false}
                    disableAutomaticStylesInjection
                    mediaProps={{ alt: t('The photo being cropped') }}
                    onCropChange={(next) => editor.send({ type: 'photo.move', crop: next })}
                    onZoomChange={(next) => editor.send({ type: 'photo.zoom', zoom: next })}
                    onCropComplete={(_, area) => editor.send({ type: 'photo.frame', area })}
                  />
                )}
              </Box>
              <Slider.Root
                mt="4"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.05}
                value={[zoom]}
                onValueChange={(details) =>
                  editor.send({ type: 'photo.zoom', zoom: details.value[0] ?? MIN_ZOOM })
                }
              >
                <Slider.Label>{t('Zoom')}</Slider.Label>
                <Slider.Control minH="11">
                  <Slider.Track>
                    <Slider.Range />
                  </Slider.Track>
                  <Slider.Thumbs />
                </Slider.Control>
              </Slider.Root>
              {problem && (
                <Text role="alert" color="fg.error" textStyle="sm" mt="2">
                  {t(problem)}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                size={{ base: 'lg', md: 'md' }}
                aria-disabled={making || undefined}
                onClick={() => editor.send({ type: 'photo.cancel' })}
              >
                {t('Cancel')}
              </Button>
              <Button
                size={{ base: 'lg', md: 'md' }}
                loading={making}
                onClick={() => editor.send({ type: 'photo.apply' })}
              >
                {t('Use photo')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The Design panel's Photo settings: add (crop and zoom first), change or remove the photo, and how it prints —
 * shape, size, border, grayscale, or hidden on this CV (kept, printed nowhere). Each change goes to the builder as a
 * design change: an undo step, in the draft and the preview, saved with the CV.
 */
export function PhotoSettings({ builder, design }: { builder: BuilderActor; design: CvDesign }) {
  const { t } = useT();
  const editor = useActorRef(photoEditorMachine, { input: { builder } });
  const problem = useSelector(editor, (snapshot) =>
    snapshot.matches('idle') ? snapshot.context.problem : undefined,
  );
  const reading = useSelector(editor, (snapshot) => snapshot.matches('reading'));
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const headingId = useId();
  const { photo } = design;
  const onChange = (change: Partial<PhotoDesign>) => {
    const next = changePhoto(design, change);
    if (!samePhoto(next.photo, photo)) builder.send({ type: 'design.change', change: { photo: next.photo } });
  };

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" borderRadius="l2" p="3">
      <Text id={headingId} textStyle="sm" fontWeight="semibold">
        {t('Photo')}
      </Text>
      <HStack gap="3" align="center">
        {photo.image ? (
          <Image
            src={photo.image}
            alt={t('Your photo')}
            boxSize="16"
            objectFit="cover"
            borderRadius={photo.shape === 'circle' ? 'full' : photo.shape === 'rounded' ? 'l2' : '0'}
            opacity={photo.hidden ? 0.4 : 1}
            data-testid="photo-thumbnail"
          />
        ) : (
          <Text textStyle="sm" color="fg.muted" id={hintId}>
            {t('JPEG, PNG or WebP, up to 10 MB. Many CVs in Europe and Asia carry one.')}
          </Text>
        )}
        <Stack gap="2" flex="1">
          <Button
            size={{ base: 'lg', md: 'sm' }}
            variant="outline"
            loading={reading}
            aria-describedby={photo.image ? undefined : hintId}
            onClick={() => fileInput.current?.click()}
          >
            <Camera aria-hidden /> {photo.image ? t('Change photo') : t('Add photo')}
          </Button>
          {photo.image && (
            <Button
              size={{ base: 'lg', md: 'sm' }}
              variant="ghost"
              onClick={() => onChange({ image: undefined })}
            >
              <Trash2 aria-hidden /> {t('Remove photo')}
            </Button>
          )}
        </Stack>
      </HStack>
      <VisuallyHidden>
        <input
          id={PHOTO_INPUT_ID}
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={t('Choose a photo for the CV')}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) editor.send({ type: 'photo.choose', file });
            // The same file can be chosen again after a cancel.
            event.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
      {problem && (
        <Text role="alert" color="fg.error" textStyle="sm">
          {t(problem)}
        </Text>
      )}
      {photo.image && (
        <>
          <Toggle
            label={t('Hide the photo on this CV')}
            checked={photo.hidden}
            onChange={(hidden) => onChange({ hidden })}
          />
          <PhotoChoice
            label={t('Photo shape')}
            setting="shape"
            items={SHAPES}
            photo={photo}
            onChange={onChange}
          />
          <PhotoChoice
            label={t('Photo size')}
            setting="size"
            items={SIZES}
            photo={photo}
            onChange={onChange}
          />
          <Toggle
            label={t('Border in the accent colour')}
            checked={photo.border}
            onChange={(border) => onChange({ border })}
          />
          <Toggle
            label={t('Black and white')}
            checked={photo.grayscale}
            onChange={(grayscale) => onChange({ grayscale })}
          />
          <Text textStyle="xs" color="fg.muted">
            {t('ATS Plain prints no photo: applicant tracking systems ignore photos.')}
          </Text>
        </>
      )}
      <CropDialog editor={editor} shape={photo.shape} />
    </Stack>
  );
}
