import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  /** The sidebar's width in CSS pixels, and its bounds. */
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (width: number) => void;
}

/** Arrow keys move the separator by this many pixels (Page Up/Down by four times it). */
const STEP = 16;

/**
 * The bar between the sidebar and the main pane: dragged with the pointer, or focused and moved with the arrow keys
 * (Home/End: narrowest/widest); an ARIA window splitter (`role=separator` with its value).
 */
export function SidebarSeparator({ value, min, max, onChange }: Props) {
  const drag = useRef<{ x: number; w: number } | null>(null);
  const clamp = (w: number) => Math.round(Math.max(min, Math.min(max, w)));
  const onKey = (e: KeyboardEvent) => {
    const by: Record<string, number> = {
      ArrowLeft: -STEP,
      ArrowRight: STEP,
      ArrowDown: -STEP,
      ArrowUp: STEP,
      PageDown: -4 * STEP,
      PageUp: 4 * STEP,
    };
    let w: number | null = null;
    if (e.key in by) w = value + by[e.key]!;
    else if (e.key === 'Home') w = min;
    else if (e.key === 'End') w = max;
    if (w === null) return;
    e.preventDefault();
    onChange(clamp(w));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, w: value };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag.current) onChange(clamp(drag.current.w + e.clientX - drag.current.x));
  };
  const end = () => {
    drag.current = null;
  };
  return (
    <div
      className="sidebar-separator"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the sidebar"
      aria-controls="sidebar"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onKeyDown={onKey}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      data-testid="sidebar-separator"
    />
  );
}
