-- Room on each page of the notification outbox for a row's next versions: a claim (lease, token,
-- attempt) changes no indexed column, so with free space on its page it is a heap-only update that
-- adds no index entry; on a full page it was written elsewhere with an entry in every index
-- (docs/decisions/0191-outbox-lighter-writes.md).
ALTER TABLE "notification_outbox" SET (fillfactor = 70);
