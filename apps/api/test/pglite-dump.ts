import { sql } from 'drizzle-orm'
import type { Database } from '../src/db/client.ts'

// Every PGlite test file starts by loading the run's dump (about 260 files a run), and what it costs is mostly its
// size: PGlite reads the tarball whole and writes each file into its in-memory file system. As `dumpDataDir` leaves it
// it is 45 MB: the live WAL segment (16 MB, 11 of them migrations' history), template0 and template1 (7.4 MB each, which
// no test connects to or copies: PGlite runs one database) and the database itself (12 MB). Slimmed it is 13 MB and
// opening a copy costs about 0.45 s less CPU (ADR 033).

/**
 * Drops what no copy of the test database reads: the template databases, and the WAL before a checkpoint (the
 * segment is switched, and the checkpoint removes the old one instead of renaming it for reuse). Run on the
 * migrated, seeded database just before its dump.
 */
export async function slimForCopies(database: Database) {
  for (const template of ['template0', 'template1']) {
    await database.db.execute(sql.raw(`alter database ${template} is_template false`))
    await database.db.execute(sql.raw(`drop database ${template}`))
  }
  // PGlite is a single-user backend that checkpoints itself, so a setting of this session is what the checkpoint reads.
  await database.db.execute(sql`set wal_recycle = off`)
  await database.db.execute(sql`select pg_switch_wal()`)
  await database.db.execute(sql`checkpoint`)
}

const BLOCK = 512
const WAL_PAGE = 8192

/**
 * The tarball with each WAL segment cut after its last page that is not all zeros: a new segment is 16 MB of zeros
 * with the checkpoint's few records at its start. PostgreSQL reads a short segment's end as the end of WAL, as it
 * reads a zeroed page, and writes on from there.
 */
export function slimDump(tar: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = []
  let offset = 0
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const name = field(header, 0, 100)
    const size = parseInt(field(header, 124, 12).trim() || '0', 8)
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size)
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (!/(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name)) {
      parts.push(tar.subarray(offset - BLOCK - Math.ceil(size / BLOCK) * BLOCK, offset))
      continue
    }
    let used = 0
    for (let page = 0; page < data.length; page += WAL_PAGE) {
      if (data.subarray(page, page + WAL_PAGE).some((byte) => byte !== 0)) used = Math.min(page + WAL_PAGE, data.length)
    }
    parts.push(withSize(header, used), data.subarray(0, used), new Uint8Array((BLOCK - (used % BLOCK)) % BLOCK))
  }
  parts.push(new Uint8Array(2 * BLOCK))
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length)
  const end = bytes.indexOf(0)
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end))
}

/** A copy of a ustar header with another size, and its checksum made again. */
function withSize(header: Uint8Array, size: number): Uint8Array {
  const copy = new Uint8Array(header)
  copy.set(new TextEncoder().encode(`${size.toString(8).padStart(11, '0')}\0`), 124)
  copy.fill(0x20, 148, 156)
  const sum = copy.reduce((total, byte) => total + byte, 0)
  copy.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148)
  return copy
}
