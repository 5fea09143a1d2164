/**
 * The part of the UI's seam to `src/` (see core.ts) for many files opened as one dataset: imported only by modules
 * that load on first use (app/join's panel and opener, the listing's selection), so that none of the join code, the
 * glob expansion nor the member reading is in the page's first script.
 */
export { memberListLocation, parseJoinLocation, withJoin } from '../src/listing/join-location';
export { openJoinLocation, type JoinCandidate, type JoinStatus } from '../src/aggregate/remote';
export type { LeftOut as JoinLeftOut } from '../src/aggregate/types';
export { droppedJoinStatus } from '../src/aggregate/dropped';
