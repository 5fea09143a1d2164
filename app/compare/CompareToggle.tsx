/**
 * The comparison's entries in the page's first script: the **Compare with…** toggle and the panel, whose code
 * (opening B, the comparison views) loads when the comparison is first opened.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useCompare } from '../state/compare-store';

const CompareWith = lazy(() => import('./CompareWith'));

/** The **Compare with…** toggle (in the view toolbar's More menu): opens the comparison panel, or closes it. */
export function CompareToggle() {
  const active = useCompare((s) => s.active);
  const setActive = useCompare((s) => s.setActive);
  const close = useCompare((s) => s.close);
  return (
    <button
      type="button"
      aria-expanded={active}
      onClick={() => (active ? close() : setActive(true))}
      data-testid="compare-with-button"
    >
      {active ? 'Close comparison' : 'Compare with…'}
    </button>
  );
}

/** The comparison panel, loaded and shown while the comparison is open. */
export function ComparePanel(props: ComponentProps<typeof CompareWith>) {
  const active = useCompare((s) => s.active);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <CompareWith {...props} />
    </Suspense>
  );
}
