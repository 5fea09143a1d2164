import { useEffect, useState } from 'react';
import { RemoteDatasets } from './RemoteDatasets';

export interface Demo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly url: string;
}

interface Props {
  readonly onOpen: (url: string) => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The demo dataset URL: `path` relative to the site root (the page's base), with `#mode=<mode>` unless the path has a fragment. */
export function demoUrl(path: string, mode: string, base: string): string {
  const url = new URL(path, base).href;
  if (url.includes('#') || !mode) return url;
  return `${url}#${mode.startsWith('mode=') ? mode : `mode=${mode.replace(/^#?mode=/, '')}`}`;
}

/** Demo datasets from `demo/index.json`, then the public datasets on other hosts (opened only when clicked). */
export function DemoList({ onOpen }: Props) {
  const [demos, setDemos] = useState<Demo[] | null>(null);
  useEffect(() => {
    const index = new URL('demo/index.json', document.baseURI).href;
    fetch(index)
      .then((r) => (r.ok ? r.json() : []))
      .then((list: unknown) => {
        if (!Array.isArray(list)) return setDemos([]);
        setDemos(
          list
            .filter((d) => d && typeof d.path === 'string')
            .map((d) => ({
              id: str(d.id) || str(d.path),
              title: str(d.title) || str(d.path),
              description: str(d.description),
              url: demoUrl(d.path, str(d.mode), document.baseURI),
            })),
        );
      })
      .catch(() => setDemos([]));
  }, []);
  if (!demos) return null;
  return (
    <>
      {demos.length > 0 && <DemoCards demos={demos} onOpen={onOpen} />}
      <RemoteDatasets onOpen={onOpen} />
    </>
  );
}

function DemoCards({ demos, onOpen }: { readonly demos: readonly Demo[]; readonly onOpen: (url: string) => void }) {
  return (
    <section aria-labelledby="demo-heading">
      <h2 id="demo-heading">Demo datasets</h2>
      <ul className="card-list" data-testid="demo-list">
        {demos.map((d) => (
          <li key={d.id}>
            <button type="button" className="card" onClick={() => onOpen(d.url)} data-testid={`demo-${d.id}`}>
              <strong>{d.title}</strong>
              <span className="muted">{d.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
