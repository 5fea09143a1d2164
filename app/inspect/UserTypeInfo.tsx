import type { UserType } from '../core';
import { describeType } from '../usertypes/type-text';

/** A variable's netCDF-4 user-defined type in the Overview: its class and name, fields or members. */
export function UserTypeInfo({ type }: { readonly type: UserType }) {
  const d = describeType(type);
  return (
    <div className="user-type" data-testid="user-type">
      <code data-testid="user-type-heading">{d.heading}</code>
      {d.heading.includes(d.name) ? null : (
        <>
          {' '}
          <span className="muted">
            (type <code>{d.name}</code>)
          </span>
        </>
      )}
      {d.parts.length > 0 && (
        <ul className="user-type-parts" aria-label={d.partsOf === 'members' ? 'Members' : 'Fields'}>
          {d.parts.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code>
              {d.partsOf === 'members' ? ' = ' : ': '}
              <code>{p.text}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
