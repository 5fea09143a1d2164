/**
 * Encoders of an animation, one canvas per frame: WebM (VP8) through the browser's own encoder (WebCodecs
 * `VideoEncoder`, muxed by webm-muxer: one frame per picture, at a fixed rate) and an animated GIF (gifenc) where
 * the browser has no video encoder. Everything runs in the page; nothing is sent anywhere.
 */
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { GIFEncoder, applyPalette, quantize } from 'gifenc';

export type AnimationFormat = 'webm' | 'gif';

export interface AnimationEncoder {
  /** Adds the canvas's picture as the next frame. */
  add(canvas: HTMLCanvasElement): Promise<void>;
  /** The file's bytes, once every frame is in. */
  finish(): Promise<Uint8Array>;
}

/** Whether this browser can write WebM (VP8) frame by frame. */
export function canWriteWebm(): boolean {
  return typeof VideoEncoder === 'function' && typeof VideoFrame === 'function';
}

/** A WebM encoder of `width` × `height` frames (even sizes) at `fps` frames a second. */
export function webmEncoder(width: number, height: number, fps: number): AnimationEncoder {
  const target = new ArrayBufferTarget();
  const muxer = new Muxer({ target, video: { codec: 'V_VP8', width, height, frameRate: fps } });
  let failure: unknown = null;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    error: (e) => (failure = e),
  });
  encoder.configure({ codec: 'vp8', width, height, bitrate: 4_000_000, framerate: fps });
  let n = 0;
  return {
    add(canvas) {
      if (failure) return Promise.reject(failure as Error);
      const frame = new VideoFrame(canvas, { timestamp: Math.round((n * 1e6) / fps), duration: Math.round(1e6 / fps) });
      encoder.encode(frame, { keyFrame: n % 30 === 0 });
      frame.close();
      n++;
      return Promise.resolve();
    },
    async finish() {
      await encoder.flush();
      encoder.close();
      if (failure) throw failure as Error;
      muxer.finalize();
      return new Uint8Array(target.buffer);
    },
  };
}

/** An animated GIF encoder (256 colours per frame), `fps` frames a second. */
export function gifEncoder(fps: number): AnimationEncoder {
  const gif = GIFEncoder();
  return {
    add(canvas) {
      const ctx = canvas.getContext('2d');
      if (!ctx) return Promise.reject(new Error('The browser cannot read the frame.'));
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const palette = quantize(data, 256);
      gif.writeFrame(applyPalette(data, palette), canvas.width, canvas.height, {
        palette,
        delay: Math.round(1000 / fps),
      });
      return Promise.resolve();
    },
    finish() {
      gif.finish();
      return Promise.resolve(gif.bytes());
    },
  };
}

/** Draws `label` in a box at the frame's top left (the time step burnt into every frame). */
export function burnLabel(ctx: CanvasRenderingContext2D, label: string, bg: string, fg: string): void {
  ctx.save();
  ctx.font = 'bold 15px system-ui, sans-serif';
  const w = ctx.measureText(label).width;
  ctx.fillStyle = bg;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(6, 6, w + 16, 26);
  ctx.globalAlpha = 1;
  ctx.fillStyle = fg;
  ctx.textBaseline = 'middle';
  ctx.fillText(label, 14, 19);
  ctx.restore();
}
