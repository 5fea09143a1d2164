import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The toolbar's **More** button: a small panel of the actions that do not change the picture (code for this view,
 * comparison with another dataset). Escape or a click elsewhere closes it; a choice in it closes it too.
 */
export function MoreMenu({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="more-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="more-button"
      >
        More ▾
      </button>
      <div
        id={id}
        className="more-panel"
        hidden={!open}
        role="group"
        aria-label="More"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
