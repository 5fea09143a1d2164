/** A labelled checkbox (`label.check` holding the box and its text): the viewer's on/off options. */
import type { ReactNode } from 'react';

export interface CheckOptionProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** The text beside the box (its accessible name). */
  readonly children: ReactNode;
  /** A longer explanation, shown on hover. */
  readonly title?: string | undefined;
  readonly id?: string | undefined;
  readonly testId?: string | undefined;
}

export function CheckOption({ checked, onChange, children, title, id, testId }: CheckOptionProps) {
  return (
    <label className="check" title={title}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      {children}
    </label>
  );
}
