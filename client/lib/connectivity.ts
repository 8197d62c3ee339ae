import type { LiveConnection } from './live.ts';

/**
 * What a spectator is told about the page's results, in three honest states beside 'live'
 * that are never dressed as the LIVE NOW badge:
 * - 'offline': this device has no network;
 * - 'unreachable': the device is online, but Rith does not answer;
 * - 'reconnecting': Rith answers, the live connection is on its way back.
 * 'connecting' is the page's first moments, before there is anything to say.
 */
export type Connectivity = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'unreachable';

export interface ConnectivityView {
  state: Connectivity;
  /** Until when (ms since the epoch) the page's results were known to be current. */
  resultsFrom: number | null;
}

/** How long the live connection may be away before Rith itself is asked whether it answers. */
const PROBE_AFTER_MS = 3_000;
const PROBE_EVERY_MS = 10_000;
const PROBE_TIMEOUT_MS = 5_000;

/**
 * The page's one view of its connectivity: the browser's online flag, the live connection's
 * status, and, while the latter is away, whether Rith answers at all (/healthz, never served
 * from the service worker's store). Also keeps when the results were last known current: while
 * live that is now; a page or data the service worker served from its store says when Rith
 * sent it.
 */
export class ConnectivityMonitor {
  private reachable = true;
  private freshAt: number | null = null;
  private view: ConnectivityView;
  private probing: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly live: LiveConnection) {
    const storedAt = storedPageTime();
    // A page the network sent is current as it is drawn; a kept copy is as old as it says.
    this.freshAt = storedAt ?? Date.now();
    this.view = this.compute();
    live.onStatus(() => this.update());
    window.addEventListener('online', () => this.update());
    window.addEventListener('offline', () => this.update());
  }

  get = (): ConnectivityView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * An API answer (client/lib/http.ts). From the network: Rith answers, unless it is an error
   * a proxy gave for it (5xx). A copy the service worker kept, sent at `storedAt`: used only
   * while the page is not live (it would put older results over newer), and then the page's
   * results are as old as it.
   */
  noteAnswer = ({ storedAt, status }: { storedAt: number | null; status: number }): boolean => {
    if (storedAt === null) {
      if (status < 500) this.reachable = true;
      this.update();
      return true;
    }
    if (this.view.state === 'live') return false;
    this.freshAt = Math.min(this.freshAt ?? storedAt, storedAt);
    this.update();
    return true;
  };

  private compute(): ConnectivityView {
    const status = this.live.getStatus();
    let state: Connectivity;
    if (!navigator.onLine) state = 'offline';
    else if (status === 'live') state = 'live';
    else if (!this.reachable) state = 'unreachable';
    else state = status;
    return { state, resultsFrom: state === 'live' ? null : this.freshAt };
  }

  private update(): void {
    const wasLive = this.view.state === 'live';
    // Leaving 'live' is the last moment the results were known to be current.
    if (this.live.getStatus() === 'live' || wasLive) this.freshAt = Date.now();
    if (this.live.getStatus() === 'live') this.reachable = true;
    const next = this.compute();
    this.scheduleProbe(next.state);
    if (next.state === this.view.state && next.resultsFrom === this.view.resultsFrom) return;
    this.view = next;
    for (const listener of this.listeners) listener();
  }

  private scheduleProbe(state: Connectivity): void {
    const away = state === 'reconnecting' || state === 'unreachable' || state === 'connecting';
    if (!away || !navigator.onLine) {
      if (this.probing) clearTimeout(this.probing);
      this.probing = null;
      return;
    }
    if (this.probing) return;
    const wait = state === 'unreachable' ? PROBE_EVERY_MS : PROBE_AFTER_MS;
    this.probing = setTimeout(() => void this.probe(), wait);
  }

  private async probe(): Promise<void> {
    let answered: boolean;
    try {
      const res = await fetch('/healthz', {
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      answered = res.ok;
    } catch {
      answered = false;
    }
    this.probing = null;
    this.reachable = answered;
    this.update();
    // Still away: ask again later (update() only schedules when none is pending).
    this.scheduleProbe(this.view.state);
  }
}

/** When Rith sent this page, when the service worker served it from its store (sw.js). */
function storedPageTime(): number | null {
  const content = document.querySelector('meta[name="rith-stored-at"]')?.getAttribute('content');
  const at = content ? Date.parse(content) : NaN;
  return Number.isNaN(at) ? null : at;
}

/** The time of day for "results from 14:02", with the day when it was not today. */
export function resultsFromText(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString('en-IE', { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${date.toLocaleDateString('en-IE', { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * What a page says of a state that is not live, in one line: "Offline · results from 14:02".
 * Null for 'live' and 'connecting', which say nothing.
 */
export function connectivityText({ state, resultsFrom }: ConnectivityView): string | null {
  const from = resultsFrom !== null ? ` · results from ${resultsFromText(resultsFrom)}` : '';
  switch (state) {
    case 'offline':
      return `Offline${from}`;
    case 'unreachable':
      return `Rith cannot be reached${from}`;
    case 'reconnecting':
      return `Reconnecting live updates${from}`;
    default:
      return null;
  }
}
