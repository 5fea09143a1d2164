import { useSettings } from '../state/settings-store';

interface Props {
  readonly onOpen: (url: string) => void;
}

/** Recently opened URLs (stored on this device, without credentials). */
export function RecentList({ onOpen }: Props) {
  const recent = useSettings((s) => s.recent);
  const clear = useSettings((s) => s.clearRecent);
  if (!recent.length) return null;
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent</h2>
      <ul className="recent-list" data-testid="recent-list">
        {recent.map((r) => (
          <li key={r.url}>
            <button type="button" className="link-button" onClick={() => onOpen(r.url)} title={r.url}>
              {r.url}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="small" onClick={clear}>
        Clear recent
      </button>
    </section>
  );
}
