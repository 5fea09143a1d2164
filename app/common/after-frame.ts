/**
 * Resolves once the browser has had the chance to show a frame: after the next animation frame's callbacks, in a
 * task of its own (so the frame is presented before the work that follows), or after `limitMs` when no frame comes
 * (a hidden page runs no animation frames). Without `requestAnimationFrame` (Node), after a task.
 */
export function afterFrame(limitMs = 50): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    const timer = setTimeout(finish, typeof requestAnimationFrame === 'function' ? limitMs : 0);
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          finish();
        }, 0),
      );
  });
}
