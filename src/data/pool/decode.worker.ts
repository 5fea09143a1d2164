/// <reference lib="webworker" />
/** Decode worker: receives encoded chunk bytes, answers with decoded values (buffer transferred back). */
import type { WorkerRequest, WorkerResponse } from './protocol';
import { dispatch } from './worker-handler';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(m: WorkerResponse, transfer: Transferable[]): void;
};

scope.onmessage = (event) => dispatch(event.data, ({ response, transfer }) => scope.postMessage(response, transfer));
