import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { readZip } from '../../tests/server/zip.ts';
import { streamingZip } from './streamingZip.ts';

it('makes a zip of buffers and streams, opened one at a time', async () => {
  const zip = streamingZip();
  const opened: string[] = [];
  zip.addBuffer(Buffer.from('{}'), 'a.json');
  for (const name of ['b.txt', 'c.txt']) {
    zip.addStream(name, () => (opened.push(name), Readable.from([Buffer.from(name)])), { compress: true });
  }
  zip.end();
  const entries = await readZip(await buffer(zip.output));
  expect([...entries].map(([name, bytes]) => [name, bytes.toString()])).toEqual([
    ['a.json', '{}'],
    ['b.txt', 'b.txt'],
    ['c.txt', 'c.txt'],
  ]);
  expect(opened).toEqual(['b.txt', 'c.txt']);
});

it('ends with the error of a source that fails, instead of throwing it in the process', async () => {
  const zip = streamingZip();
  zip.addStream(
    'broken.bin',
    () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('half');
          throw new Error('the disk failed');
        })(),
      ),
    { compress: false },
  );
  zip.end();
  await expect(buffer(zip.output)).rejects.toThrow('the disk failed');
});
