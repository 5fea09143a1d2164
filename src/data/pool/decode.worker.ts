/// <reference lib="webworker" />
/** Decode worker: receives encoded chunk bytes, answers with decoded values (buffer transferred back). */
import type { WorkerRequest, WorkerResponse } from './protocol';
import { handlePrepare, handleRequest, handleWarmImage } from './worker-handler';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(m: WorkerResponse, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'prepare') handlePrepare(msg);
  else if (msg.type === 'warm-image') handleWarmImage(msg);
  else void handleRequest(msg).then(({ response, transfer }) => scope.postMessage(response, transfer));
};
