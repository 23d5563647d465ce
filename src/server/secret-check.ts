import { createECDH } from 'node:crypto';
import { ConfigError } from './config';

/**
 * The start-up check of a production server's secrets (docs/decisions/0229-production-secret-check.md):
 * every secret the configuration uses must be set and must not be guessable, and the refusal names
 * the variable. Outside production nothing is checked here: development generates what it lacks.
 */

/** Words that mark a placeholder copied from an example rather than a generated secret. */
const PLACEHOLDER = /change-?me|changeit|replace-?me|your[-_]|example|placeholder|secret|password|dummy|test|xxxx/i;

/** Bits of entropy a random draw over the string's own distinct characters would give (better-auth's estimate). */
export function entropyBits(value: string): number {
  const distinct = new Set(value).size;
  return distinct <= 1 ? 0 : value.length * Math.log2(distinct);
}

/** Why a generated-secret value is weak, or null when it passes. */
export function weakness(value: string, minLength: number): string | null {
  if (value.length < minLength) return `must be at least ${minLength} characters`;
  if (PLACEHOLDER.test(value)) return 'looks like a placeholder; generate one (openssl rand -base64 48)';
  if (new Set(value).size < 10 || entropyBits(value) < 128)
    return 'is too predictable; generate one (openssl rand -base64 48)';
  return null;
}

type Env = Record<string, string | undefined>;

/** The first problem with a production configuration's secrets, naming the variable; null when there is none. */
export function secretProblem(env: Env): string | null {
  const get = (name: string) => (env[name] === '' ? undefined : env[name]);

  const authSecret = get('AUTH_SECRET');
  if (!authSecret) return 'AUTH_SECRET is required in production (openssl rand -base64 48)';
  const authWeak = weakness(authSecret, 32);
  if (authWeak) return `AUTH_SECRET ${authWeak}`;
  const previous = get('AUTH_SECRET_PREVIOUS');
  if (previous !== undefined) {
    if (previous === authSecret) return 'AUTH_SECRET_PREVIOUS must differ from AUTH_SECRET';
  }

  const publicKey = get('VAPID_PUBLIC_KEY');
  const privateKey = get('VAPID_PRIVATE_KEY');
  if (!publicKey)
    return 'VAPID_PUBLIC_KEY is required in production (every process must sign pushes with one key pair)';
  if (!privateKey)
    return 'VAPID_PRIVATE_KEY is required in production (every process must sign pushes with one key pair)';
  if (!vapidPairMatches(publicKey, privateKey))
    return 'VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY (generate the pair together)';

  const smtpUrl = get('SMTP_URL');
  if (smtpUrl) {
    const problem = smtpProblem(smtpUrl);
    if (problem) return problem;
  }

  if (get('SMS_URL')) {
    const token = get('SMS_TOKEN');
    if (!token) return 'SMS_TOKEN is required in production when SMS_URL is set';
    const secretPart = token.includes(':') ? token.slice(token.indexOf(':') + 1) : token;
    if (secretPart.length < 16) return "SMS_TOKEN must be at least 16 characters (the provider's auth token)";
    if (PLACEHOLDER.test(secretPart) || new Set(secretPart).size < 8)
      return "SMS_TOKEN looks like a placeholder; use the provider's auth token";
  }

  // Uploads in a bucket (docs/decisions/0242-uploads-in-object-storage.md): its own key pair, never
  // the machine's ambient credentials or a server's default keys.
  if (get('UPLOAD_S3_BUCKET')) {
    if (!get('UPLOAD_S3_ACCESS_KEY_ID'))
      return "UPLOAD_S3_ACCESS_KEY_ID is required in production when UPLOAD_S3_BUCKET is set (the bucket's access key)";
    const secret = get('UPLOAD_S3_SECRET_ACCESS_KEY');
    if (!secret)
      return "UPLOAD_S3_SECRET_ACCESS_KEY is required in production when UPLOAD_S3_BUCKET is set (the access key's secret)";
    if (secret.length < 20) return 'UPLOAD_S3_SECRET_ACCESS_KEY must be at least 20 characters';
    if (PLACEHOLDER.test(secret) || /minio|admin/i.test(secret) || new Set(secret).size < 10)
      return "UPLOAD_S3_SECRET_ACCESS_KEY looks like a placeholder or a default; use the storage provider's secret key";
  }
  return null;
}

/** Throws ConfigError naming the first weak or missing secret of a production configuration. */
export function checkProductionSecrets(env: Env, production: boolean): void {
  if (!production) return;
  const problem = secretProblem(env);
  if (problem) throw new ConfigError(`Configuration error: ${problem}`);
}

const LOCAL_RELAY = new Set(['localhost', '127.0.0.1', '[::1]']);

/** SMTP credentials ride in the URL (smtp://user:password@host); a relay on this machine may take mail without them. */
function smtpProblem(smtpUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return 'SMTP_URL must be a URL such as smtps://user:password@smtp.example:465';
  }
  if (LOCAL_RELAY.has(url.hostname)) return null;
  if (!url.username || !url.password)
    return 'SMTP_URL needs the SMTP user name and password in production (smtps://user:password@host:465)';
  const password = decodeURIComponent(url.password);
  if (password.length < 12 || PLACEHOLDER.test(password))
    return "SMTP_URL has a weak or placeholder password (use the provider's credentials or an API key)";
  return null;
}

function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}
