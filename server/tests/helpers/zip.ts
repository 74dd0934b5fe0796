import yauzl from 'yauzl';

/** Every file of a zip by its path inside it, read with yauzl (a reader that checks the zip's own structure). */
export async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer, {
    lazyEntries: true,
    decodeStrings: true,
    strictFileNames: true,
  });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        if (!entry.fileName.endsWith('/')) {
          const chunks: Buffer[] = [];
          for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
        }
        zip.readEntry();
      })().catch(reject);
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}
