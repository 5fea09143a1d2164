import { useState } from 'react';
import type { Source } from '../core';
import { DemoList } from './DemoList';
import { DropZone } from './DropZone';
import { RecentList } from './RecentList';

interface Props {
  readonly onOpenUrl: (url: string) => void;
  readonly onOpenSource: (source: Source) => void;
}

/** The start screen: demos, recent datasets, drop zone. */
export function OpenPanel({ onOpenUrl, onOpenSource }: Props) {
  const [dropError, setDropError] = useState<string | null>(null);
  return (
    <div className="open-panel" data-testid="open-panel">
      <p className="lead">
        Open a Zarr (v2 or v3) or NCZarr dataset or a netCDF file (netCDF-3, netCDF-4, HDF5): paste its URL above, drop
        a <code>.nc</code> file, a <code>.zip</code> or a folder, or try a demo.
      </p>
      <DropZone
        onSource={(s) => {
          setDropError(null);
          onOpenSource(s);
        }}
        onError={setDropError}
      />
      {dropError && (
        <p role="alert" className="error-text">
          {dropError}
        </p>
      )}
      <DemoList onOpen={onOpenUrl} />
      <RecentList onOpen={onOpenUrl} />
    </div>
  );
}
