/**
 * The process's figures for Prometheus (prom-client, GET /metrics): requests by route and status with their
 * latency, open event streams, how long messages take to reach them, the mail outbox's backlog, the database pool and whether the process hears the
 * others, besides Node's own (memory, event loop lag, handles). Routes are the API's declared paths or one word
 * for the rest, so the label's values stay few whatever clients ask for.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ListenerState } from './chat/hub.ts';
import type { Services } from './services.ts';

export interface Metrics {
  /** A request answered: its route label, method, status and how long it took (event streams: only counted). */
  observe(route: string, method: string, status: number, seconds: number | undefined): void;
  render(): Promise<{ text: string; contentType: string }>;
}

const listenerStates: ListenerState[] = ['not_needed', 'idle', 'connecting', 'connected', 'failed'];

export function createMetrics(services: Services): Metrics {
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  collectDefaultMetrics({ register: registry, prefix: 'foyer_' });
  const requests = new Counter({
    name: 'foyer_http_requests_total',
    help: 'Requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'foyer_http_request_duration_seconds',
    help: 'Time to answer a request (event streams left out), by route.',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const deliveryLag = new Histogram({
    name: 'foyer_chat_delivery_lag_seconds',
    help: "From a message's storing (the database's clock) to its delivery to this process's streams, by where it was stored.",
    labelNames: ['from'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  services.chat.onDelivered((event, from) => {
    if (event.type !== 'message') return;
    deliveryLag.observe({ from }, Math.max(0, Date.now() - Date.parse(event.message.createdAt)) / 1000);
  });
  new Gauge({
    name: 'foyer_event_streams_open',
    help: 'Chat and inbox event streams open in this process.',
    registers,
    collect() {
      this.set(services.streams.open);
    },
  });
  new Gauge({
    name: 'foyer_mail_outbox_backlog',
    help: 'E-mails written and not yet sent (nor given up).',
    registers,
    async collect() {
      const [row] = await services.db.query<{ count: number }>(
        `select count(*)::integer as count from mail_outbox where sent_at is null and gave_up_at is null`,
      );
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: 'foyer_mail_outbox_oldest_due_seconds',
    help: 'How long the oldest e-mail still to send has been due (0: none).',
    registers,
    async collect() {
      const [row] = await services.db.query<{ seconds: number | null }>(
        `select extract(epoch from now() - min(due_at))::float as seconds from mail_outbox where sent_at is null and gave_up_at is null`,
      );
      this.set(Math.max(0, row?.seconds ?? 0));
    },
  });
  new Gauge({
    name: 'foyer_db_pool_connections',
    help: 'PostgreSQL pool connections by state (none with PGlite).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = services.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'foyer_chat_listener',
    help: "Whether this process hears the other processes' chat events: 1 for its state now.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const now = services.chat.listenerState();
      for (const state of listenerStates) this.set({ state }, state === now ? 1 : 0);
    },
  });
  return {
    observe(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      if (seconds !== undefined) latency.observe({ route }, seconds);
    },
    async render() {
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
