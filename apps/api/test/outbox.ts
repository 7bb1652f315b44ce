import type { Db } from '../src/db/client.ts'
import type { Clock } from '../src/lib/clock.ts'
import { totpSecretBox } from '../src/lib/totp.ts'
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts'
import { smsChannel, type OutboxChannel } from '../src/modules/outbox/channel.ts'
import { outboxRepository } from '../src/modules/outbox/outbox.repository.ts'
import { deskAlertsRepository } from '../src/modules/notices/desk-alerts.repository.ts'
import { createOutboxService, type OutboxSettings, type OutboxStep } from '../src/modules/outbox/outbox.service.ts'
import type { OutboxRow } from '../src/modules/outbox/outbox.repository.ts'
import type { SmsSender } from '../src/modules/sms/sms.ts'

/** The key tests seal outbox secrets with (as TOTP_ENCRYPTION_KEY would). */
export const TEST_SEALING_KEY = 'ab'.repeat(32)

/**
 * The outbox over the test's database and clock, sending by `sms` (a fake gateway) or the given channels: what a
 * service test hands a service that writes messages (ADR 083).
 */
export function testOutbox(
  db: Db,
  clock: Clock,
  send: { sms: SmsSender } | { channels: OutboxChannel[] },
  options: { settings?: Partial<OutboxSettings>; faults?: (step: OutboxStep, row: OutboxRow) => void } = {},
) {
  return createOutboxService({
    db,
    clock,
    channels: 'sms' in send ? [smsChannel(send.sms)] : send.channels,
    secrets: totpSecretBox(TEST_SEALING_KEY),
    outboxRepository,
    alerts: deskAlertsRepository,
    auditRepository: createAuditRepository({ key: 'outbox-test-audit-key-0123456789abcdef' }),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  })
}
