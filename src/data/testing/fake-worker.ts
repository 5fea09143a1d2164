/** A Worker double for tests: messages cross by structured clone with transfer (so transferred buffers detach). */
import type { WorkerRequest, WorkerResponse } from '../pool/protocol';
import { dispatch } from '../pool/worker-handler';

export class FakeWorker {
  onmessage: ((e: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  received = 0;
  prepared = 0;
  warmed = 0;
  /** Buffers given back by the page (`recycle`). */
  recycled: ArrayBuffer[] = [];
  postMessage(msg: WorkerRequest, transfer: Transferable[] = []): void {
    const copy = structuredClone(msg, { transfer });
    if (copy.type === 'prepare') this.prepared++;
    else if (copy.type === 'warm-image') this.warmed += copy.runs;
    else if (copy.type === 'recycle') this.recycled.push(...copy.buffers);
    else if (copy.type !== 'stream-start' && copy.type !== 'stream-part') this.received++;
    dispatch(copy, ({ response, transfer: back }) => {
      const out = structuredClone(response, { transfer: back });
      setTimeout(() => this.onmessage?.({ data: out } as MessageEvent<WorkerResponse>), 1);
    });
  }
  terminate(): void {}
}
