/**
 * A big Blosc frame decoded as it arrives with a helper (the peer worker) taking every second block gives the bytes
 * c-blosc (numcodecs' build) compressed, whether the helper answers, fails, answers wrongly or never answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BloscBlockStream } from './blosc-blocks';
import { bloscLayout } from './blosc-frame';
import { decodeBlockFrame, portHelper, setBlockHelper, type BlockHelper } from './block-helper';

/** A 2 MiB float32 field compressed by c-blosc in blocks of 256 KiB (8 blocks), and its bytes. */
async function bigFrame(): Promise<{ frame: Uint8Array; bytes: Uint8Array }> {
  const values = new Float32Array(512 * 1024);
  for (let i = 0; i < values.length; i++) values[i] = 250 + 30 * Math.sin(i / 900) + (i % 7) * 0.01;
  const bytes = new Uint8Array(values.buffer);
  const { default: Blosc } = await import('numcodecs/blosc');
  const codec = Blosc.fromConfig({ id: 'blosc', cname: 'lz4', clevel: 5, shuffle: 1, blocksize: 256 * 1024 });
  return { frame: await codec.encode(bytes), bytes };
}

async function byParts(frame: Uint8Array, size = 64 * 1024): Promise<Uint8Array | null> {
  const stream = new BloscBlockStream();
  for (let at = 0; at < frame.length; at += size) stream.push(frame.subarray(at, at + size));
  return stream.finish();
}

/** A helper that counts what it was given and answers as `answer` says. */
function counting(answer: (mini: Uint8Array, i: number) => Promise<Uint8Array>) {
  const given: number[] = [];
  const helper: BlockHelper = {
    decode(mini, i) {
      given.push(i);
      return answer(mini, i);
    },
  };
  return { helper, given };
}

afterEach(() => setBlockHelper(null));

/** Whether two byte arrays are equal (a deep `toEqual` of megabytes is slow). */
const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.compare(a, b) === 0;

describe('a big Blosc frame shared with a helper', () => {
  it('is 8 blocks of 256 KiB (the case under test)', async () => {
    const { frame } = await bigFrame();
    expect(bloscLayout(frame)).toMatchObject({ nblocks: 8, blocksize: 256 * 1024 });
  });

  it('gives every second block to the helper over a port, and the whole frame’s bytes', async () => {
    const { frame, bytes } = await bigFrame();
    const { port1, port2 } = new MessageChannel();
    portHelper(port2); // the peer's side: answers blocks
    const mine = portHelper(port1);
    const { helper, given } = counting((mini, i) => mine.decode(mini, i));
    setBlockHelper(helper);
    expect(same(await byParts(frame), bytes)).toBe(true);
    expect(given).toEqual([1, 3, 5, 7]);
    port1.close();
    port2.close();
  });

  it('decodes here what the helper never answers, fails or answers with the wrong size', async () => {
    const { frame, bytes } = await bigFrame();
    const cases: ((mini: Uint8Array, i: number) => Promise<Uint8Array>)[] = [
      () => new Promise<Uint8Array>(() => undefined),
      () => Promise.reject(new Error('busy')),
      () => Promise.resolve(new Uint8Array(10).fill(7)),
      // Right size, but only for block 1; the others are left to this thread.
      (mini, i) => (i === 1 ? Promise.resolve(decodeBlockFrame(mini, i)) : new Promise<Uint8Array>(() => undefined)),
    ];
    for (const answer of cases) {
      const { helper, given } = counting(answer);
      setBlockHelper(helper);
      expect(same(await byParts(frame), bytes)).toBe(true);
      expect(given).toEqual([1, 3, 5, 7]);
    }
  });

  it('keeps small frames to this thread', async () => {
    const { helper, given } = counting(() => Promise.reject(new Error('not asked')));
    setBlockHelper(helper);
    const values = new Float32Array(64 * 1024).map((_, i) => i % 100);
    const { default: Blosc } = await import('numcodecs/blosc');
    const frame = await Blosc.fromConfig({
      id: 'blosc',
      cname: 'lz4',
      clevel: 5,
      shuffle: 1,
      blocksize: 32 * 1024,
    }).encode(new Uint8Array(values.buffer));
    expect(same(await byParts(frame), new Uint8Array(values.buffer))).toBe(true);
    expect(given).toEqual([]);
  });

  it('refuses a block the frame does not have, on the helper’s side', async () => {
    const { frame } = await bigFrame();
    expect(() => decodeBlockFrame(frame, 8)).toThrow(RangeError);
  });
});
