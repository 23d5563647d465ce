import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './platform/notify/vapid-keys';
import { checkProductionSecrets, secretProblem } from './secret-check';

/** A production configuration whose every secret is sound (docs/decisions/0229-production-secret-check.md). */
const vapid = generateVapidKeys();
const sound = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'q7Vx2LmR9tKp4WzN8cYh3JfB6sDg1AeU5oXiQ0nZrTk=',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
};

describe('the production secret check', () => {
  it('passes a configuration of generated secrets, with SMTP and SMS credentials', () => {
    expect(secretProblem(sound)).toBeNull();
    expect(
      secretProblem({
        ...sound,
        SMTP_URL: 'smtps://apikey:SG.k3Jd9fPq2LxW7vNm@smtp.mailer.example:465',
        SMS_URL: 'https://api.sms.example/2010-04-01/Accounts/AC1/Messages.json',
        SMS_TOKEN: 'AC9f8e7d6c5b4a:8c1f4e2a9b7d3c6e5f0a1b2c3d4e5f6a',
        AUTH_SECRET_PREVIOUS: 'Zp3Lq8Wv1Rk6Tn9Ym2Xc5Hb7Gd4Fs0JaEuIoQwLmNx=',
      }),
    ).toBeNull();
    // A mail relay on this machine needs no credentials.
    expect(secretProblem({ ...sound, SMTP_URL: 'smtp://127.0.0.1:25' })).toBeNull();
  });

  it('refuses a missing or guessable AUTH_SECRET, naming it', () => {
    expect(secretProblem({ ...sound, AUTH_SECRET: undefined })).toMatch(/^AUTH_SECRET is required/);
    expect(secretProblem({ ...sound, AUTH_SECRET: 'short' })).toMatch(/^AUTH_SECRET must be at least 32/);
    expect(secretProblem({ ...sound, AUTH_SECRET: 'a'.repeat(48) })).toMatch(/^AUTH_SECRET is too predictable/);
    expect(secretProblem({ ...sound, AUTH_SECRET: 'change-me-to-a-long-random-string-please' })).toMatch(
      /^AUTH_SECRET looks like a placeholder/,
    );
    expect(secretProblem({ ...sound, AUTH_SECRET: 'abababababababababababababababab12' })).toMatch(
      /^AUTH_SECRET is too predictable/,
    );
    expect(secretProblem({ ...sound, AUTH_SECRET_PREVIOUS: sound.AUTH_SECRET })).toMatch(
      /^AUTH_SECRET_PREVIOUS must differ/,
    );
  });

  it('refuses missing or mismatched VAPID keys, naming each', () => {
    expect(secretProblem({ ...sound, VAPID_PUBLIC_KEY: undefined })).toMatch(/^VAPID_PUBLIC_KEY is required/);
    expect(secretProblem({ ...sound, VAPID_PRIVATE_KEY: '' })).toMatch(/^VAPID_PRIVATE_KEY is required/);
    const other = generateVapidKeys();
    expect(secretProblem({ ...sound, VAPID_PRIVATE_KEY: other.privateKey })).toMatch(
      /^VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY/,
    );
  });

  it('refuses SMTP_URL without credentials or with a weak password', () => {
    expect(secretProblem({ ...sound, SMTP_URL: 'smtps://smtp.mailer.example:465' })).toMatch(
      /^SMTP_URL needs the SMTP user/,
    );
    expect(secretProblem({ ...sound, SMTP_URL: 'smtps://user@smtp.mailer.example:465' })).toMatch(/^SMTP_URL needs/);
    expect(secretProblem({ ...sound, SMTP_URL: 'smtps://user:password1@smtp.mailer.example:465' })).toMatch(
      /^SMTP_URL has a weak or placeholder password/,
    );
  });

  it('refuses SMS_URL without a sound SMS_TOKEN', () => {
    const sms = { ...sound, SMS_URL: 'https://api.sms.example/Messages.json' };
    expect(secretProblem(sms)).toMatch(/^SMS_TOKEN is required in production when SMS_URL is set/);
    expect(secretProblem({ ...sms, SMS_TOKEN: 'AC1:short' })).toMatch(/^SMS_TOKEN must be at least 16/);
    expect(secretProblem({ ...sms, SMS_TOKEN: 'your-token-goes-here-please' })).toMatch(
      /^SMS_TOKEN looks like a placeholder/,
    );
  });

  it('refuses UPLOAD_S3_BUCKET without its access key and a sound secret, naming each', () => {
    const bucket = { ...sound, UPLOAD_S3_BUCKET: 'halalnosh-uploads', UPLOAD_S3_REGION: 'eu-west-2' };
    expect(secretProblem(bucket)).toMatch(/^UPLOAD_S3_ACCESS_KEY_ID is required in production when UPLOAD_S3_BUCKET/);
    const keyed = { ...bucket, UPLOAD_S3_ACCESS_KEY_ID: 'AKIA4QZ7JX2PLM3RKV5N' };
    expect(secretProblem(keyed)).toMatch(/^UPLOAD_S3_SECRET_ACCESS_KEY is required in production/);
    expect(secretProblem({ ...keyed, UPLOAD_S3_SECRET_ACCESS_KEY: 'k9Qz' })).toMatch(
      /^UPLOAD_S3_SECRET_ACCESS_KEY must be at least 20/,
    );
    // AWS's documentation key and MinIO's default are not secrets.
    for (const weak of ['wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'minioadmin-minioadmin-minioadmin'])
      expect(secretProblem({ ...keyed, UPLOAD_S3_SECRET_ACCESS_KEY: weak })).toMatch(
        /^UPLOAD_S3_SECRET_ACCESS_KEY looks like a placeholder/,
      );
    expect(
      secretProblem({ ...keyed, UPLOAD_S3_SECRET_ACCESS_KEY: 'r4T8wQ2zLk9Vn1Xb6Hc3Jm7Pd0Sf5Gy8Ue2Ai4Ko' }),
    ).toBeNull();
    // Without a bucket the keys are not asked for.
    expect(secretProblem({ ...sound, UPLOAD_S3_REGION: 'eu-west-2' })).toBeNull();
  });

  it('throws a configuration error in production only', () => {
    expect(() => checkProductionSecrets({ NODE_ENV: 'production' }, true)).toThrow(
      'Configuration error: AUTH_SECRET is required in production',
    );
    expect(() => checkProductionSecrets({}, false)).not.toThrow();
  });
});
