/** What app/join loads on first use (one chunk): the join's panel and its opener. */
export { default as JoinPanel } from './JoinPanel';
export { openJoinUrl } from './open-join';
