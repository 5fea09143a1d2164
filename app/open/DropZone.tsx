import { useRef, useState, type DragEvent } from 'react';
import type { Source } from '../core';
import { sourceFromDrop, sourceFromFile, sourceFromPickedFolder } from './folder-entries';

interface Props {
  readonly onSource: (source: Source) => void;
  readonly onError: (message: string) => void;
}

/** Drop a netCDF file, a `.zip` or a dataset folder here, or pick a file or a folder. */
export function DropZone({ onSource, onError }: Props) {
  const [over, setOver] = useState(false);
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    try {
      const source = await sourceFromDrop(e.dataTransfer.items);
      if (source) onSource(source);
      else onError('Drop a netCDF file (.nc), a .zip file or a dataset folder.');
    } catch (err) {
      onError(`The dropped item could not be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <p>Drop a netCDF file (.nc), a .zip or a dataset folder here</p>
      <div className="row">
        <button type="button" onClick={() => zipInput.current?.click()}>
          Choose file…
        </button>
        <button type="button" onClick={() => folderInput.current?.click()}>
          Choose folder…
        </button>
      </div>
      <input
        ref={zipInput}
        type="file"
        hidden
        aria-label="netCDF or zip file"
        data-testid="zip-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onSource(sourceFromFile(f));
          e.target.value = '';
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        aria-label="Dataset folder"
        data-testid="folder-input"
        onChange={(e) => {
          const s = e.target.files ? sourceFromPickedFolder(e.target.files) : null;
          if (s) onSource(s);
          e.target.value = '';
        }}
      />
    </div>
  );
}
