import { useMemo, useState } from 'react';
import { printCdl, type Dataset } from '../core';
import { download } from '../common/format';
import { CheckOption } from '../common/CheckOption';

interface Props {
  readonly dataset: Dataset;
}

/** `ncdump -h` text of the dataset, with copy and download. */
export function CdlView({ dataset }: Props) {
  const [special, setSpecial] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = useMemo(() => printCdl(dataset, { special }), [dataset, special]);
  return (
    <div className="cdl">
      <div className="row">
        <CheckOption checked={special} onChange={setSpecial}>
          Special attributes (-s)
        </CheckOption>
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={() => download(`${dataset.name}.cdl`, text, 'text/plain')}>
          Download
        </button>
      </div>
      <pre className="code" data-testid="cdl-text" tabIndex={0} aria-label="CDL text">
        {text}
      </pre>
    </div>
  );
}
