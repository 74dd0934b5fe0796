import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Images made on the spot for the photo tests and the bench: a phone photo with location metadata, a PNG bomb, an
 * SVG and an HTML page named .jpg.
 */

/** A phone photo: a JPEG of `width`×`height` with EXIF (camera, GPS, a comment) and orientation 6 (rotated 90°). */
export async function phonePhoto(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    // A bright stripe on the left: after the orientation is applied it is at the top.
    .composite([
      {
        input: { create: { width: Math.round(width / 8), height, channels: 3, background: '#ffdd00' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', ImageDescription: 'secret comment' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2640/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A decompression bomb: a PNG that says 20000×20000 (400 megapixels) in 1-bit grey, its rows all zeros, deflated to
 * a few kilobytes. Written by hand (zlib and a CRC) so that making it costs nothing.
 */
export function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><circle r="40" cx="50" cy="50"/></svg>',
);

export const HTML_NAMED_JPG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** Whether the bytes carry any EXIF, XMP, IPTC or comment: sharp reads what metadata an image has. */
export async function metadataOf(image: Buffer) {
  const meta = await sharp(image).metadata();
  return { exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, comments: meta.comments, orientation: meta.orientation };
}
