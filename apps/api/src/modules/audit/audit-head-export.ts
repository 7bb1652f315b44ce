import { appendFile } from 'node:fs/promises'
import type { Db } from '../../db/client.ts'
import type { AuditHead, AuditRepository } from './audit.repository.ts'

/** How often the head is read and, when it moved, exported: the most recent entries a truncation could hide. */
export const HEAD_EXPORT_EVERY_MS = 5_000

/** One exported head, as a line of AUDIT_HEAD_FILE: the time, `<position>:<hash>` (what verify takes) and the id. */
export function headLine(head: AuditHead, at: Date): string {
  return `${at.toISOString()} ${head.seq}:${head.hash} id=${head.id}\n`
}

/** The newest head in an export file's text (its last line that holds one), as `<position>:<hash>`. */
export function lastExportedHead(text: string): string | undefined {
  const heads = [...text.matchAll(/ (\d{1,18}:[0-9a-f]{64}) /g)]
  return heads.at(-1)?.[1]
}

/**
 * Exports the audit chain's head outside the database as it advances (ADR 037): the structured log line `audit.head`
 * and, when `file` is set (AUDIT_HEAD_FILE), a line appended to that file. Only committed entries are read, so an
 * exported head never names an entry that was rolled back. Compared with that record later (`ledger:verify --head`),
 * entries removed from the end of the log are found. `tick` exports once; `start` every `everyMs` until stopped.
 */
export function auditHeadExport(deps: {
  db: Db
  auditRepository: Pick<AuditRepository, 'head'>
  log: { info(details: object, message: string): void; error(details: object, message: string): void }
  file?: string | undefined
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  let last: AuditHead | null = null
  async function tick(): Promise<AuditHead | null> {
    const head = await deps.auditRepository.head(deps.db)
    if (!head || (last && last.seq === head.seq && last.hash === head.hash)) return head
    deps.log.info({ audit_head: head }, 'audit.head')
    if (deps.file) await appendFile(deps.file, headLine(head, now()), { flag: 'a' })
    last = head
    return head
  }
  return {
    tick,
    /** Exports now and then every `everyMs`; the answer stops it after one last export. */
    start(everyMs = HEAD_EXPORT_EVERY_MS): () => Promise<void> {
      const run = () => tick().catch((error: unknown) => deps.log.error({ err: error }, 'audit head export failed'))
      void run()
      const timer = setInterval(() => void run(), everyMs)
      timer.unref()
      return async () => {
        clearInterval(timer)
        await run()
      }
    },
  }
}
