/** The **Code** toggle (in the toolbar's More menu): shows or hides the code panel under the toolbar. */
export function CodeToggle({ open, onToggle }: { readonly open: boolean; readonly onToggle: () => void }) {
  return (
    <button type="button" aria-expanded={open} onClick={onToggle} data-testid="code-button">
      Code
    </button>
  );
}
