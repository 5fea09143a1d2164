/** The width of an element on screen, followed as it changes (ResizeObserver); `fallback` before it is laid out. */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useWidth(ref: RefObject<HTMLElement | null>, fallback = 640): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const w = Math.round(el.clientWidth);
      // Steps of 40 px: a resize by a few pixels does not redraw the plot.
      if (w > 0) setWidth((old) => (Math.abs(old - w) < 40 ? old : w));
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
