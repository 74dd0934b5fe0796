import { PHOTO_STORED_PX } from '../../rules/design';

// The browser's side of the photo: a chosen file read as a data URL, and the cropped square drawn on a canvas as a
// JPEG of at most 600 px (what the server keeps; the upload stays small and the draft fits local storage).

/** The part of the image the person framed, in the image's own pixels (react-easy-crop's croppedAreaPixels). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable'));
    image.src = source;
  });
}

/** The framed part of `source` as a JPEG data URL, at most 600 px a side. */
export async function cropToDataUrl(source: string, area: CropArea): Promise<string> {
  const image = await loadImage(source);
  const scale = Math.min(1, PHOTO_STORED_PX / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  // A transparent PNG prints on white paper.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.9);
}
