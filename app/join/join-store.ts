/** The joins opened in this page: each one's status (members read, left out, the join) and how to stop it. */
import { create } from 'zustand';
import type { JoinStatus } from '../core-join';

interface JoinState {
  /** By join location (the URL opened). */
  statuses: Readonly<Record<string, JoinStatus>>;
  controllers: ReadonlyMap<string, AbortController>;
  setStatus(url: string, status: JoinStatus): void;
  start(url: string, controller: AbortController): void;
  /** Stops reading the members of `url` (those read stay joined). */
  cancel(url: string): void;
}

export const useJoin = create<JoinState>((set, get) => ({
  statuses: {},
  controllers: new Map(),
  setStatus: (url, status) => set({ statuses: { ...get().statuses, [url]: status } }),
  start(url, controller) {
    get().controllers.get(url)?.abort();
    const controllers = new Map(get().controllers);
    controllers.set(url, controller);
    set({ controllers });
  },
  cancel: (url) => get().controllers.get(url)?.abort(),
}));
