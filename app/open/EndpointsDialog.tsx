import { useEffect, useRef, useState } from 'react';
import {
  emptyEndpoint,
  requestTimeoutMs,
  setRequestTimeoutMs,
  useSettings,
  type EndpointEntry,
} from '../state/settings-store';
import { CheckOption } from '../common/CheckOption';

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
}

interface FieldsProps {
  readonly value: EndpointEntry;
  readonly onChange: (e: EndpointEntry) => void;
  readonly alias: boolean;
  readonly idPrefix: string;
}

function EndpointFields({ value, onChange, alias, idPrefix }: FieldsProps) {
  const field = (key: Exclude<keyof EndpointEntry, 'virtualHost'>, label: string, type = 'text') => (
    <label key={key}>
      <span>{label}</span>
      <input
        id={`${idPrefix}-${key}`}
        type={type}
        autoComplete="off"
        spellCheck={false}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="fields">
      {alias && field('name', 'Alias name')}
      {alias && field('url', 'Endpoint URL')}
      {field('region', 'Region')}
      {field('accessKeyId', 'Access key ID')}
      {field('secretAccessKey', 'Secret access key', 'password')}
      {field('sessionToken', 'Session token', 'password')}
      {alias && (
        <CheckOption
          id={`${idPrefix}-virtualHost`}
          checked={value.virtualHost === true}
          onChange={(virtualHost) => onChange({ ...value, virtualHost })}
        >
          Virtual-host style (bucket.host)
        </CheckOption>
      )}
    </div>
  );
}

/** Endpoint aliases (`s3://alias/bucket/key`) and S3 credentials; secrets stay in memory unless remembered. */
export function EndpointsDialog({ open, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const saveEndpoints = useSettings((s) => s.saveEndpoints);
  const [endpoints, setEndpoints] = useState<EndpointEntry[]>([]);
  const [defaults, setDefaults] = useState<EndpointEntry>(emptyEndpoint());
  const [remember, setRemember] = useState(false);
  const [timeoutS, setTimeoutS] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      const s = useSettings.getState();
      setEndpoints([...s.endpoints]);
      setDefaults(s.defaultCredentials);
      setRemember(s.remember);
      const ms = requestTimeoutMs();
      setTimeoutS(ms === undefined ? '' : String(ms / 1000));
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);
  const save = () => {
    saveEndpoints(
      endpoints.filter((e) => e.name || e.url),
      defaults,
      remember,
    );
    const seconds = Number(timeoutS);
    setRequestTimeoutMs(timeoutS.trim() === '' || !Number.isFinite(seconds) ? undefined : seconds * 1000);
    onClose();
  };
  return (
    <dialog ref={ref} aria-labelledby="endpoints-title" onClose={onClose} data-testid="endpoints-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <h2 id="endpoints-title">Endpoints &amp; credentials</h2>
        <p className="muted">
          Credentials are sent only to the endpoint they belong to and never appear in links. They stay in memory unless
          you tick “Remember on this device”.
        </p>
        <fieldset>
          <legend>Default S3 credentials</legend>
          <EndpointFields value={defaults} onChange={setDefaults} alias={false} idPrefix="default" />
        </fieldset>
        {endpoints.map((e, i) => (
          <fieldset key={i}>
            <legend>Alias {e.name || i + 1}</legend>
            <EndpointFields
              value={e}
              alias
              idPrefix={`alias-${i}`}
              onChange={(n) => setEndpoints(endpoints.map((x, j) => (j === i ? n : x)))}
            />
            <button type="button" className="small" onClick={() => setEndpoints(endpoints.filter((_, j) => j !== i))}>
              Remove alias
            </button>
          </fieldset>
        ))}
        <button type="button" onClick={() => setEndpoints([...endpoints, emptyEndpoint()])}>
          Add alias
        </button>
        <CheckOption checked={remember} onChange={setRemember}>
          Remember on this device
        </CheckOption>
        <label className="timeout">
          <span>Request timeout (seconds, 1–300; empty: 30)</span>
          <input
            type="number"
            min={1}
            max={300}
            step="any"
            inputMode="decimal"
            placeholder="30"
            value={timeoutS}
            onChange={(e) => setTimeoutS(e.target.value)}
          />
        </label>
        <div className="row end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
