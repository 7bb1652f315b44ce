import type { OutboxService } from './outbox.service.ts'

/**
 * Runs the outbox worker: a pass every `everyMs`, and one `lingerMs` after a message is committed for it (ADR 083).
 * Passes never overlap in this process, and wakes coalesce: the wakes within a linger share its pass, and while a pass
 * runs, any number of wakes queue one pass more (the deposits' commits, issue 38 §6). The linger is what makes a busy
 * minute's notices go a pass of many at a time (one claim per channel, one alerts update) instead of a pass each;
 * a notice waits that much longer, which a player reading LINE does not notice. Other processes' workers take other
 * rows (SKIP LOCKED). stop() waits for a pass.
 */
export function startOutboxWorker(
  outbox: Pick<OutboxService, 'runOnce' | 'onEnqueued' | 'batch'>,
  options: { everyMs: number; lingerMs: number; onError: (error: unknown) => void },
) {
  let running: Promise<unknown> = Promise.resolve()
  let queued = false
  let stopped = false
  let lingering: ReturnType<typeof setTimeout> | undefined
  const pass = () => {
    if (queued || stopped) return
    queued = true
    running = running.then(async () => {
      queued = false
      try {
        // A full batch may mean more are due: go on until a pass takes less than a batch. Not until a pass finds none:
        // after each deposit's wake that was one more pass of empty claims (issue 38 §6); a message committed during a
        // pass wakes the worker again, and one due later is the timer's.
        while (!stopped && (await outbox.runOnce()) >= outbox.batch);
      } catch (error) {
        options.onError(error)
      }
    })
  }
  const wake = () => {
    if (lingering !== undefined || queued || stopped) return
    lingering = setTimeout(() => {
      lingering = undefined
      pass()
    }, options.lingerMs)
    lingering.unref()
  }
  const timer = setInterval(pass, options.everyMs)
  timer.unref()
  const unsubscribe = outbox.onEnqueued(wake)
  return async () => {
    stopped = true
    clearInterval(timer)
    clearTimeout(lingering)
    unsubscribe()
    await running
  }
}
