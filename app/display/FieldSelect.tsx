import { useView } from '../state/view-store';
import type { UserView } from './user-frame';

interface Props {
  /** The compound variable's view (`userView`): its members and the one shown. */
  readonly view: UserView;
}

/** The member of a compound variable on screen: numeric members are plotted, text members and records tabled. */
export function FieldSelect({ view }: Props) {
  const setOptions = useView((s) => s.setOptions);
  if (view.kind !== 'field' && !(view.kind === 'text' && view.layout)) return null;
  const layout = view.layout!;
  const value = view.spec?.key ?? '';
  return (
    <div className="toolbar field-select" data-testid="field-toolbar">
      <label>
        Field{' '}
        <select value={value} onChange={(e) => setOptions({ field: e.target.value })} data-testid="field-select">
          {layout.numeric.length > 0 && (
            <optgroup label="Numeric (plotted)">
              {layout.numeric.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.key}
                </option>
              ))}
            </optgroup>
          )}
          {layout.text.length > 0 && (
            <optgroup label="Text (table)">
              {layout.text.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.key}
                </option>
              ))}
            </optgroup>
          )}
          <option value="">all fields (records as text)</option>
        </select>
      </label>
      {layout.notes.length > 0 && (
        <span className="muted" data-testid="field-notes">
          {layout.notes.join(' ')}
        </span>
      )}
    </div>
  );
}
