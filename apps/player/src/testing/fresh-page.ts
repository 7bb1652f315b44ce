// Each player test file starts as a newly opened page would: no session, empty storage, an empty document. The files
// share one jsdom and one module graph per worker (vitest.config.ts: `isolate: false`, ADR 053): building a jsdom
// and importing React again for every file cost more than the tests themselves.
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { endSession } from '../lib/session.ts'

beforeAll(() => {
  endSession()
  localStorage.clear()
  sessionStorage.clear()
  document.head.replaceChildren()
  document.body.replaceChildren()
})

afterEach(() => cleanup())
