import { useState, type FormEvent } from 'react';

interface Props {
  readonly initial?: string;
  readonly busy: boolean;
  readonly onOpen: (url: string) => void;
}

/** The dataset URL field: paste and press Enter. */
export function UrlField({ initial = '', busy, onOpen }: Props) {
  const [url, setUrl] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const u = url.trim();
    if (u) onOpen(u);
  };
  return (
    <form className="url-form" onSubmit={submit} role="search">
      <label htmlFor="dataset-url" className="visually-hidden">
        Dataset URL
      </label>
      <input
        id="dataset-url"
        type="text"
        inputMode="url"
        spellCheck={false}
        autoComplete="url"
        placeholder="https://…/data.zarr  or  s3://bucket/key#mode=nczarr,s3"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        data-testid="url-input"
      />
      <button type="submit" disabled={busy || !url.trim()} data-testid="open-url">
        Open
      </button>
    </form>
  );
}
