/**
 * Recent datasets and S3 endpoints. Only http(s)/s3 locations enter the recent list, redacted; secrets stay in
 * memory unless the user ticks "remember on this device".
 */
import { create } from 'zustand';
import { redactLocation, type EndpointAlias, type S3Credentials } from '../core';

export interface RecentEntry {
  readonly url: string;
  readonly time: number;
}

export interface EndpointEntry {
  readonly name: string;
  readonly url: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  /** Buckets as virtual hosts (`bucket.<host>`) instead of path style (aliases only). */
  readonly virtualHost?: boolean;
}

interface SettingsState {
  recent: readonly RecentEntry[];
  endpoints: readonly EndpointEntry[];
  /** Credentials for s3 URLs without an alias. */
  defaultCredentials: EndpointEntry;
  remember: boolean;
  addRecent(url: string): void;
  clearRecent(): void;
  saveEndpoints(endpoints: readonly EndpointEntry[], defaults: EndpointEntry, remember: boolean): void;
}

const RECENT_KEY = 'zarrview.recent';
const ENDPOINTS_KEY = 'zarrview.endpoints';
const MAX_RECENT = 12;

export function emptyEndpoint(): EndpointEntry {
  return { name: '', url: '', region: 'us-east-1', accessKeyId: '', secretAccessKey: '', sessionToken: '' };
}

function load<T>(key: string, fallback: T): T {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function store(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: settings then last for this page only.
  }
}

function sanitizeRecent(list: unknown): RecentEntry[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (e): e is RecentEntry =>
        typeof e?.url === 'string' && typeof e?.time === 'number' && /^(https?|s3):\/\//i.test(e.url),
    )
    .slice(0, MAX_RECENT);
}

function sanitizeEndpoint(e: Partial<EndpointEntry> | undefined): EndpointEntry {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: s(e?.name),
    url: s(e?.url),
    region: s(e?.region) || 'us-east-1',
    accessKeyId: s(e?.accessKeyId),
    secretAccessKey: s(e?.secretAccessKey),
    sessionToken: s(e?.sessionToken),
    virtualHost: e?.virtualHost === true,
  };
}

interface Persisted {
  remember?: boolean;
  endpoints?: Partial<EndpointEntry>[];
  defaults?: Partial<EndpointEntry>;
}

const persisted = load<Persisted>(ENDPOINTS_KEY, {});

export const useSettings = create<SettingsState>((set, get) => ({
  recent: sanitizeRecent(load(RECENT_KEY, [])),
  endpoints: Array.isArray(persisted.endpoints) ? persisted.endpoints.map(sanitizeEndpoint) : [],
  defaultCredentials: sanitizeEndpoint(persisted.defaults),
  remember: persisted.remember === true,
  addRecent(url) {
    if (!/^(https?|s3):\/\//i.test(url)) return;
    const clean = redactLocation(url);
    const recent = [{ url: clean, time: Date.now() }, ...get().recent.filter((r) => r.url !== clean)].slice(
      0,
      MAX_RECENT,
    );
    set({ recent });
    store(RECENT_KEY, recent);
  },
  clearRecent() {
    set({ recent: [] });
    store(RECENT_KEY, []);
  },
  saveEndpoints(endpoints, defaults, remember) {
    set({ endpoints, defaultCredentials: defaults, remember });
    const strip = (e: EndpointEntry) =>
      remember ? e : { ...e, accessKeyId: '', secretAccessKey: '', sessionToken: '' };
    store(ENDPOINTS_KEY, { remember, endpoints: endpoints.map(strip), defaults: strip(defaults) });
  },
}));

function credentialsOf(e: EndpointEntry): S3Credentials | undefined {
  if (!e.accessKeyId || !e.secretAccessKey) return undefined;
  return { accessKeyId: e.accessKeyId, secretAccessKey: e.secretAccessKey, sessionToken: e.sessionToken || undefined };
}

/** The aliases and default credentials to open with. */
export function openCredentials(): {
  aliases: EndpointAlias[];
  credentials: (S3Credentials & { region?: string }) | undefined;
} {
  const { endpoints, defaultCredentials } = useSettings.getState();
  const aliases = endpoints
    .filter((e) => e.name && /^https?:\/\//i.test(e.url))
    .map((e) => ({
      name: e.name,
      url: e.url,
      region: e.region || 'us-east-1',
      credentials: credentialsOf(e),
      addressing: e.virtualHost ? ('virtual' as const) : ('path' as const),
    }));
  const c = credentialsOf(defaultCredentials);
  return { aliases, credentials: c ? { ...c, region: defaultCredentials.region || undefined } : undefined };
}

const TIMEOUT_KEY = 'zarrview.requestTimeoutMs';

/**
 * Per-request timeout for remote datasets, from `localStorage["zarrview.requestTimeoutMs"]` (1 s … 5 min) for slow
 * links or tests; undefined means the network policy's default (30 s).
 */
export function requestTimeoutMs(): number | undefined {
  const n = Number(load<unknown>(TIMEOUT_KEY, undefined));
  return Number.isFinite(n) && n >= 1000 && n <= 300_000 ? n : undefined;
}

/** Saves the per-request timeout (1 s … 5 min), or forgets it (the 30 s default) when undefined. */
export function setRequestTimeoutMs(ms: number | undefined): void {
  if (ms === undefined) {
    try {
      globalThis.localStorage?.removeItem(TIMEOUT_KEY);
    } catch {
      // Storage disabled: nothing was saved either.
    }
    return;
  }
  store(TIMEOUT_KEY, Math.min(300_000, Math.max(1000, Math.round(ms))));
}
