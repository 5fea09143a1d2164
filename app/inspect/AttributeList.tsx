import type { Attribute } from '../core';
import { isHttpUrl } from '../common/format';
import { attributeText } from './attribute-text';

interface Props {
  readonly attributes: readonly Attribute[];
}

/** Attribute name, netCDF type and value; http(s) URL values become links. Always rendered as text. */
export function AttributeList({ attributes }: Props) {
  if (!attributes.length) return <p className="muted">No attributes.</p>;
  return (
    <table className="kv" data-testid="attributes">
      <tbody>
        {attributes.map((a) => {
          const text = attributeText(a);
          return (
            <tr key={a.name}>
              <th scope="row">{a.name}</th>
              <td className="type">{a.type === 'user' ? a.userType.name : a.type}</td>
              <td className="value">
                {isHttpUrl(text) ? (
                  <a href={text.trim()} target="_blank" rel="noopener noreferrer">
                    {text}
                  </a>
                ) : (
                  text
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
