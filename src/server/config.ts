import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isVapidKey, readOrCreateVapidKeys, type VapidKeys } from './platform/notify/vapid-keys';
import type { SamplerSettings } from './platform/tracing-types';
import type { S3UploadSettings } from './platform/upload-storage';

/**
 * The share of requests traced when OTEL_EXPORTER_OTLP_ENDPOINT is set and OTEL_TRACES_SAMPLER is
 * not (docs/decisions/0244-traces-sampled-at-the-request.md): enough traces to see where a slow
 * route's time goes, the sampled share costing about 3 µs a request on average (bench/results.md).
 */
export const DEFAULT_TRACE_RATIO = 0.05;

export type Config = {
  port: number;
  host: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** Set: live events travel over Redis pub/sub instead of Postgres NOTIFY (docs/deploy.md). */
  redisUrl: string | null;
  dataDir: string;
  /**
   * Seed the demo restaurants and accounts (password in the README): DEMO, else on the embedded
   * database outside production only.
   */
  demo: boolean;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Web Push (docs/decisions/0143-web-push.md): the VAPID key pair, from VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY or generated into DATA_DIR on first start, and the contact the push services see.
   */
  vapid: VapidKeys & { subject: string };
  /**
   * SMS (docs/decisions/0144-sms-provider.md): a Twilio-style messages endpoint; null keeps texts
   * in the dev outbox. `token` is sent as Basic (user:secret) or Bearer.
   */
  sms: { url: string; token: string | null; from: string } | null;
  authSecret: string;
  /**
   * The secret AUTH_SECRET replaced, during a rotation: session cookies it signed are still
   * accepted, re-signed with the current one (docs/decisions/0230-auth-secret-rotation.md).
   */
  authSecretPrevious?: string | null;
  /**
   * Uploaded files live on local disk under dir, or in an S3-compatible bucket when `s3` is set
   * (UPLOAD_S3_BUCKET; docs/decisions/0242-uploads-in-object-storage.md). `limit`: uploads per
   * client IP and per account within rateLimits.windowSeconds, past it 429
   * (docs/decisions/0205-upload-limits-and-sweeping.md).
   */
  uploads: { dir: string; s3: S3UploadSettings | null; maxBytes: number; limit: WriteLimit };
  /** Requests per minute per IP on sign-in before 429 (tests raise it). */
  signInLimitPerMinute: number;
  /**
   * Per client IP and per account, within one window: order placement, and review, rating and
   * report writes; past it 429 with Retry-After (plugins/rate-limit.ts, shared by every process).
   */
  rateLimits: { windowSeconds: number; orders: WriteLimit; reviews: WriteLimit };
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (Fastify trustProxy): by default
   * loopback and private-network hops only, so a client on the internet cannot choose its own IP.
   */
  trustProxy: boolean | string;
  logLevel: string;
  /** Set in production builds: secure cookies, no dev-only routes. */
  production: boolean;
  demoFleet: boolean;
  /** Cache the public search and restaurant answers under the catalog version (docs/decisions/0091-response-cache.md); RESPONSE_CACHE=0 turns it off. */
  responseCache: boolean;
  /** A postcodes.io-style geocoder; unset: the bundled postcode-district table. */
  geocoderUrl: string | null;
  /** An OSRM-compatible routing service for ETAs; unset: the straight-line estimate. */
  routingUrl: string | null;
  /** Run the background sweepers (late orders) in this process; tests turn them off and run them by hand. */
  sweepers: boolean;
  /**
   * How often the unanswered-orders sweeper looks for orders past their branch's response time
   * (docs/decisions/0126-restaurant-response-timeout.md); the browser journeys shorten it.
   */
  unansweredOrdersSweepMs: number;
  /**
   * How long a stop (SIGTERM, SIGINT) may take: streams ended, requests and background work finished,
   * outbox leases released, database closed; past it the process exits 1 (docs/decisions/0234-graceful-stop-with-a-deadline.md).
   */
  shutdownTimeoutMs: number;
  /**
   * How often an open /api/events stream re-checks its session and topics (at most the 20 s
   * heartbeat; docs/decisions/0198-live-streams-end-with-access.md); tests shorten it.
   */
  liveRecheckMs: number;
  webDistDir: string | null;
  /**
   * The server-rendering bundle of the customer pages (`npm run build` writes dist-ssr/); null or a
   * missing file: every page is the client-rendered shell (docs/decisions/0177-server-rendered-customer-pages.md).
   */
  webRenderEntry: string | null;
  /**
   * A public raster tile URL template ("https://tile.example/{z}/{x}/{y}.png") drawn under the
   * maps; unset: the plain SVG map (docs/decisions/0080-maps.md). Not a secret: the browser reads it.
   */
  mapTileUrl?: string | null;
  /**
   * The Prometheus endpoint (docs/decisions/0227-metrics-exposure.md): off unless one is set.
   * `port`: GET /metrics on a listener of its own at host:port; `token`: GET /metrics on the main
   * port (and on the own port) only with `Authorization: Bearer <token>`.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /**
   * OpenTelemetry traces (docs/decisions/0241-traces-behind-an-endpoint.md): exported over OTLP/HTTP
   * to `endpoint` when set; null: off, and nothing of OpenTelemetry is loaded. `sampler`: which
   * traces are kept (docs/decisions/0244-traces-sampled-at-the-request.md).
   */
  traces: { endpoint: string | null; serviceName: string; sampler: SamplerSettings };
};

export type WriteLimit = { perIp: number; perAccount: number };

/** A setting is missing or malformed: start-up stops with this one line. */
export class ConfigError extends Error {}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be 1 or 0 (true/false)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .meta({ description: 'HTTP port' }),
  HOST: z.string().min(1).default('0.0.0.0').meta({ description: 'interface to listen on' }),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .meta({
      description: '`postgres://…` of a PostgreSQL server; unset means the embedded PGlite database under `DATA_DIR`',
    }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be a URL starting with redis:// or rediss://')
    .refine((v) => URL.canParse(v), 'must be a URL such as redis://127.0.0.1:6379')
    .optional()
    .meta({
      description:
        '`redis://host:6379` or `rediss://…`: live events travel between server processes over Redis pub/sub instead of PostgreSQL `LISTEN/NOTIFY` (worth it with several processes under heavy write load; docs/deploy.md). Start-up stops if Redis cannot be reached; later losses reconnect',
    }),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .meta({ description: 'where the embedded database, uploads and the generated auth secret live' }),
  DEMO: flag.optional().meta({
    description:
      '`1`/`0`: seed the demo accounts and restaurants (adds only what is missing); `1` in production logs a warning and `/api/health` says `"demo": true`. A real deployment makes its first admin with `npm run create-admin` (docs/deploy.md)',
    unset: 'on with the embedded database outside production; off with `DATABASE_URL` or `NODE_ENV=production`',
  }),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://halalnosh.example' }).optional().meta({
    description:
      'the address people use; links in mails and the only origin allowed to send signed-in writes (plus localhost outside production)',
    unset: '`http://localhost:$PORT`',
  }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .meta({
      description:
        '`smtp://user:pass@host:587` or `smtps://…`: account mail and the notification e-mails (receipts, status, service messages) go out through it; unset keeps them in the dev outbox (`/dev/mail`, with push and SMS)',
    }),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('HalalNosh <no-reply@halalnosh.test>')
    .meta({ description: 'sender of outgoing mail' }),
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(
      (v) => isVapidKey(v, 65),
      'must be a base64url P-256 public key (65 bytes), as web-push generate-vapid-keys prints',
    )
    .optional()
    .meta({
      description:
        'the Web Push key pair (base64url P-256, as `npx web-push generate-vapid-keys` prints), both or neither; set them when several servers share no `DATA_DIR`. Changing them makes every browser subscribe again (docs/decisions/0143-web-push.md)',
      unset: 'generated into `DATA_DIR/vapid-keys.json`',
    }),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((v) => isVapidKey(v, 32), 'must be a base64url P-256 private key (32 bytes)')
    .optional()
    .meta({
      description:
        'the Web Push key pair (base64url P-256, as `npx web-push generate-vapid-keys` prints), both or neither; set them when several servers share no `DATA_DIR`. Changing them makes every browser subscribe again (docs/decisions/0143-web-push.md)',
      unset: 'generated into `DATA_DIR/vapid-keys.json`',
    }),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional()
    .meta({
      description: "the contact the browsers' push services see",
      unset: '`PUBLIC_URL` when https, else `mailto:` the `MAIL_FROM` address',
    }),
  SMS_URL: z
    .url({ error: 'must be a full URL of a Twilio-style messages endpoint' })
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional()
    .meta({
      description:
        'a Twilio-style messages endpoint (form-encoded `To`, `From`, `Body`), credentials may be in the URL (`https://SID:TOKEN@host/...`); unset keeps texts in the dev outbox (docs/decisions/0144-sms-provider.md)',
    }),
  SMS_TOKEN: z.string().min(1).optional().meta({
    description:
      "the provider's credentials when not in `SMS_URL`: `user:secret` is sent as Basic, anything else as a Bearer token",
  }),
  SMS_FROM: z
    .string()
    .regex(/^(\+\d{6,15}|[A-Za-z][A-Za-z0-9 ]{0,10})$/, 'must be a +44… number or a sender name of up to 11 letters')
    .default('HalalNosh')
    .meta({ description: 'the sender: a `+44…` number or a name of up to 11 letters' }),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional().meta({
    description: 'session signing secret, at least 32 characters; required with `DATABASE_URL` outside demo mode',
    unset: 'generated into `DATA_DIR/auth-secret`',
  }),
  AUTH_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional().meta({
    description:
      'the AUTH_SECRET being replaced, during a rotation: session cookies it signed still sign people in (re-signed with the new one) until it is removed, after 7 days (docs/operations.md#secrets-and-their-rotation)',
  }),
  UPLOAD_DIR: z.string().min(1).optional().meta({
    description: 'where uploaded files are stored when `UPLOAD_S3_BUCKET` is unset',
    unset: '`DATA_DIR/uploads`',
  }),
  UPLOAD_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional()
    .meta({
      description:
        'an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…) for the uploaded files instead of `UPLOAD_DIR`, so processes on several machines share them; private, the files are still served through the API (docs/operations.md#uploads-and-object-storage)',
      unset: 'files in `UPLOAD_DIR`',
    }),
  UPLOAD_S3_ENDPOINT: z
    .url({ error: 'must be a full URL such as https://s3.eu-west-2.amazonaws.com' })
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .refine(
      (v) => !/^https?:\/\/[^/]*@/.test(v),
      'must not hold credentials: set UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY',
    )
    .optional()
    .meta({
      description:
        "the storage service's address: `https://<account>.r2.cloudflarestorage.com` for R2, `http://minio:9000` for MinIO",
      unset: "AWS S3's own endpoint for `UPLOAD_S3_REGION`",
    }),
  UPLOAD_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-2, or auto')
    .default('us-east-1')
    .meta({ description: "the bucket's region: `eu-west-2` (AWS London), `auto` for R2, `us-east-1` for MinIO" }),
  UPLOAD_S3_ACCESS_KEY_ID: z.string().min(1).optional().meta({
    description: "the bucket's access key, with `UPLOAD_S3_SECRET_ACCESS_KEY` (both or neither; production needs both)",
    unset: "the AWS SDK's own credential chain (`AWS_ACCESS_KEY_ID`…, an instance role), outside production",
  }),
  UPLOAD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional().meta({
    description:
      'the secret of `UPLOAD_S3_ACCESS_KEY_ID` (both or neither; production needs both, and a secret of at least 20 characters)',
    unset: "the AWS SDK's own credential chain (`AWS_ACCESS_KEY_ID`…, an instance role), outside production",
  }),
  UPLOAD_S3_FORCE_PATH_STYLE: flag.default(false).meta({
    description:
      '`1`: address the bucket as `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted servers need it)',
  }),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .positive()
    .default(5 * 1024 * 1024)
    .meta({ description: "largest accepted upload (5 MB, the spec's limit)" }),
  UPLOAD_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(120)
    .meta({
      description:
        'uploads per window from one address / by one account before 429, counted before the file is read (docs/decisions/0205-upload-limits-and-sweeping.md)',
    }),
  UPLOAD_LIMIT_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(60)
    .meta({
      description:
        'uploads per window from one address / by one account before 429, counted before the file is read (docs/decisions/0205-upload-limits-and-sweeping.md)',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({
    description:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (JSON logs; passwords, tokens and cookies are redacted)',
  }),
  NODE_ENV: z.string().optional().meta({
    description:
      '`production` marks cookies Secure, drops development-only routes and seeds no demo data unless `DEMO=1`',
  }),
  DEMO_FLEET: flag.default(false).meta({
    description:
      '`1` lets an opt-in demo fleet play drivers in a demo (docs/decisions/0043-expired-offers-and-demo-fleet.md)',
  }),
  RESPONSE_CACHE: flag.default(true).meta({
    description:
      '`0` turns off the cache of the public search and restaurant answers (docs/decisions/0091-response-cache.md; the scale bench measures cache misses with it)',
  }),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(100000)
    .default(10)
    .meta({ description: 'sign-in and sign-up attempts per minute from one address before 429' }),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int()
    .min(1)
    .max(86400)
    .default(600)
    .meta({ description: 'the window of the order and review limits below' }),
  ORDER_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(120)
    .meta({ description: 'orders placed per window from one address / by one account before 429 with Retry-After' }),
  ORDER_LIMIT_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(30)
    .meta({ description: 'orders placed per window from one address / by one account before 429 with Retry-After' }),
  REVIEW_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(120)
    .meta({ description: 'reviews, ratings and issue reports per window from one address / by one account' }),
  REVIEW_LIMIT_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(10_000_000)
    .default(30)
    .meta({ description: 'reviews, ratings and issue reports per window from one address / by one account' }),
  TRUST_PROXY: z
    .string()
    .regex(
      /^[\w.:/, -]+$/,
      'must be true, false, or proxy addresses/CIDRs (loopback, linklocal, uniquelocal allowed), comma-separated',
    )
    .default('loopback,linklocal,uniquelocal')
    .meta({
      description:
        'proxies whose `X-Forwarded-For` names the client (addresses or CIDRs, comma-separated; `true` trusts any, `false` none); a proxy outside private ranges must be listed, or every client shares its address',
    }),
  ROUTING_URL: z.url({ error: 'must be a full URL of an OSRM-compatible routing service' }).optional().meta({
    description:
      'an OSRM-compatible routing service for delivery ETAs; unset (or unreachable) uses the straight-line estimate at vehicle speeds',
  }),
  GEOCODER_URL: z.url({ error: 'must be a full URL such as https://api.postcodes.io' }).optional().meta({
    description:
      'a postcodes.io-style service for postcode search; unset uses the bundled table of postcode-district centres (works offline)',
  }),
  UNANSWERED_ORDERS_SWEEP_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(250, 'must be at least 250 milliseconds')
    .max(600_000, 'must be at most 600000 milliseconds (10 minutes)')
    .default(15_000)
    .meta({
      description:
        "how often the server rejects orders their restaurant did not answer within the branch's response time (250 to 600000; the browser journeys use 1000; docs/decisions/0126-restaurant-response-timeout.md)",
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000 milliseconds')
    .max(600_000, 'must be at most 600000 milliseconds (10 minutes)')
    .default(25_000)
    .meta({
      description:
        'how long a stopping process (SIGTERM or SIGINT) may take to end its event streams, finish in-flight requests and background work and give back its outbox leases before it exits 1 anyway (1000 to 600000; docs/decisions/0234-graceful-stop-with-a-deadline.md)',
    }),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>`]+$/, 'must be an http(s) URL template')
    .refine(
      (v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
      'must contain {z}, {x} and {y}, e.g. https://tile.example/{z}/{x}/{y}.png',
    )
    .optional()
    .meta({
      description:
        'a public raster tile URL template such as `https://tile.example/{z}/{x}/{y}.png` drawn under the order and delivery maps (not a secret: the browser reads it; its origin is allowed in the CSP); unset, or when tiles fail to load, the maps are plain SVG with the addresses listed (docs/decisions/0080-maps.md)',
    }),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be a port number (1 to 65535)')
    .max(65535, 'must be a port number (1 to 65535)')
    .optional()
    .meta({
      description:
        'a separate listener for the Prometheus metrics (`GET /metrics`), on METRICS_HOST; must differ from PORT; unset with METRICS_TOKEN unset: no metrics at all (docs/decisions/0227-metrics-exposure.md)',
      unset: 'no metrics listener',
    }),
  METRICS_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .meta({ description: 'the address the metrics listener (METRICS_PORT) binds to' }),
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .meta({
      description:
        "a bearer token (at least 32 characters) that `/metrics` asks for: on the app's own port when METRICS_PORT is unset, and on the metrics listener too when both are set (docs/decisions/0227-metrics-exposure.md)",
      unset: 'no token asked',
    }),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'must be a full URL such as http://127.0.0.1:4318' }).optional().meta({
    description:
      'the OTLP/HTTP base address of an OpenTelemetry collector, Jaeger or Tempo (`/v1/traces` is added): each request, its database statements and each push, SMS and e-mail send are exported as spans, without personal data (docs/decisions/0241-traces-behind-an-endpoint.md)',
    unset: 'no traces, and nothing of OpenTelemetry is loaded',
  }),
  OTEL_SERVICE_NAME: z
    .string()
    .min(1)
    .max(100)
    .default('halalnosh')
    .meta({ description: 'the `service.name` the traces carry' }),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional()
    .meta({
      description:
        "which traces are kept, decided once when a request arrives (docs/decisions/0244-traces-sampled-at-the-request.md): `always_on` keeps every request, `traceidratio` the share OTEL_TRACES_SAMPLER_ARG gives; `parentbased_…` follows an incoming `traceparent`'s sampled flag",
      unset: `\`parentbased_traceidratio\` at OTEL_TRACES_SAMPLER_ARG, else ${DEFAULT_TRACE_RATIO}`,
    }),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .optional()
    .meta({
      description: 'the share of traces a `traceidratio` sampler keeps, from 0 to 1',
      unset: `1 with an OTEL_TRACES_SAMPLER given, ${DEFAULT_TRACE_RATIO} with none`,
    }),
});

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Who the push services may contact about our pushes: the https site, else the mail sender's address. */
function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${/^[^\s@]+@[^\s@]+$/.test(address) ? address : 'no-reply@halalnosh.test'}`;
}

/**
 * Only where the database is (DATABASE_URL, else the embedded one under DATA_DIR), for commands that
 * open it without serving (create-admin); throws ConfigError like loadConfig.
 */
export function loadDatabaseSettings(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  return { databaseUrl: parsed.data.DATABASE_URL ?? null, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** Where the database and the uploads are, for the backup and restore commands; throws ConfigError. */
export function loadStorageSettings(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'databaseUrl' | 'dataDir'> & { uploadDir: string; uploadS3: S3UploadSettings | null } {
  const settings = loadDatabaseSettings(env);
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.pick(UPLOAD_FIELDS).safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const uploadDir = path.resolve(parsed.data.UPLOAD_DIR ?? path.join(settings.dataDir, 'uploads'));
  return { ...settings, uploadDir, uploadS3: uploadBucket(parsed.data) };
}

const UPLOAD_FIELDS = {
  UPLOAD_DIR: true,
  UPLOAD_S3_BUCKET: true,
  UPLOAD_S3_ENDPOINT: true,
  UPLOAD_S3_REGION: true,
  UPLOAD_S3_ACCESS_KEY_ID: true,
  UPLOAD_S3_SECRET_ACCESS_KEY: true,
  UPLOAD_S3_FORCE_PATH_STYLE: true,
} as const;

/** The bucket of UPLOAD_S3_*, or null for the folder; throws ConfigError for a half-given key pair. */
function uploadBucket(e: Pick<z.infer<typeof envSchema>, keyof typeof UPLOAD_FIELDS>): S3UploadSettings | null {
  if (!!e.UPLOAD_S3_ACCESS_KEY_ID !== !!e.UPLOAD_S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Configuration error: UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY are set together or not at all',
    );
  }
  if (!e.UPLOAD_S3_BUCKET) {
    const stray = (['UPLOAD_S3_ENDPOINT', 'UPLOAD_S3_ACCESS_KEY_ID'] as const).find((name) => e[name]);
    if (stray) throw new ConfigError(`Configuration error: ${stray} needs UPLOAD_S3_BUCKET (the bucket to use)`);
    return null;
  }
  return {
    bucket: e.UPLOAD_S3_BUCKET,
    endpoint: e.UPLOAD_S3_ENDPOINT?.replace(/\/$/, '') ?? null,
    region: e.UPLOAD_S3_REGION,
    accessKeyId: e.UPLOAD_S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.UPLOAD_S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: e.UPLOAD_S3_FORCE_PATH_STYLE,
  };
}

/** Reads the configuration from the environment; throws ConfigError naming the first bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL ?? null;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  // Demo accounts share a published password: production carries them only when DEMO=1 says so,
  // on either database (docs/decisions/0197-no-demo-in-production-and-first-admin.md).
  const demo = e.DEMO ?? (databaseUrl === null && !production);
  if (!e.AUTH_SECRET && databaseUrl && !demo) {
    throw new ConfigError('Configuration error: AUTH_SECRET is required with DATABASE_URL (at least 32 characters)');
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Configuration error: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  if (e.AUTH_SECRET_PREVIOUS && !e.AUTH_SECRET) {
    throw new ConfigError('Configuration error: AUTH_SECRET_PREVIOUS needs AUTH_SECRET (the new secret)');
  }
  if (e.SMS_TOKEN && !e.SMS_URL) {
    throw new ConfigError('Configuration error: SMS_TOKEN needs SMS_URL');
  }
  const port = e.PORT;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === port) {
    throw new ConfigError('Configuration error: METRICS_PORT must differ from PORT');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: e.HOST,
    databaseUrl,
    redisUrl: e.REDIS_URL ?? null,
    dataDir,
    demo,
    publicUrl,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : readOrCreateVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? vapidSubject(publicUrl, e.MAIL_FROM),
    },
    sms: e.SMS_URL ? { url: e.SMS_URL, token: e.SMS_TOKEN ?? null, from: e.SMS_FROM } : null,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    authSecretPrevious: e.AUTH_SECRET_PREVIOUS ?? null,
    uploads: {
      dir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
      s3: uploadBucket(e),
      maxBytes: e.UPLOAD_MAX_BYTES,
      limit: { perIp: e.UPLOAD_LIMIT_PER_IP, perAccount: e.UPLOAD_LIMIT_PER_ACCOUNT },
    },
    signInLimitPerMinute: e.SIGN_IN_LIMIT_PER_MINUTE,
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      orders: { perIp: e.ORDER_LIMIT_PER_IP, perAccount: e.ORDER_LIMIT_PER_ACCOUNT },
      reviews: { perIp: e.REVIEW_LIMIT_PER_IP, perAccount: e.REVIEW_LIMIT_PER_ACCOUNT },
    },
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    production,
    demoFleet: e.DEMO_FLEET,
    responseCache: e.RESPONSE_CACHE,
    geocoderUrl: e.GEOCODER_URL ?? null,
    routingUrl: e.ROUTING_URL ?? null,
    sweepers: true,
    unansweredOrdersSweepMs: e.UNANSWERED_ORDERS_SWEEP_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    liveRecheckMs: 20_000,
    webDistDir: path.resolve('dist'),
    webRenderEntry: path.resolve('dist-ssr', 'entry-server.js'),
    mapTileUrl: e.MAP_TILE_URL ?? null,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    traces: {
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
      serviceName: e.OTEL_SERVICE_NAME,
      sampler: e.OTEL_TRACES_SAMPLER
        ? { name: e.OTEL_TRACES_SAMPLER, ratio: e.OTEL_TRACES_SAMPLER_ARG ?? 1 }
        : { name: 'parentbased_traceidratio', ratio: e.OTEL_TRACES_SAMPLER_ARG ?? DEFAULT_TRACE_RATIO },
    },
  };
}
