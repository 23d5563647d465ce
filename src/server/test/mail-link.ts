import { desc } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index';
import { TEST_ORIGIN, type TestApp } from './test-app';

/** The first link of the newest dev-outbox mail to `email`, as a path the test app can be asked for. */
export async function lastLinkTo(t: TestApp, email: string): Promise<string> {
  const rows = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mail = rows.find((m) => m.to === email)!;
  return /https?:\/\/\S+/.exec(mail.text)![0].replace(TEST_ORIGIN, '');
}
