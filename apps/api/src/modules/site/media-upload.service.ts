import { createHash } from 'node:crypto'
import { imageSize } from 'image-size'
import { MAX_UPLOAD_IMAGE_BYTES, msg, UPLOAD_IMAGE_TYPES, type UploadedImage, type UploadImageType } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import type { Clock } from '../../lib/clock.ts'
import { AppError } from '../../errors.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { SiteRepository } from './site.repository.ts'

/** What image-size calls each type we take, and the file extension it is served under. */
const KINDS: Record<string, { contentType: UploadImageType; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
}

/** The largest side we take: a bigger picture is a mistake on a 480 px column, and costs every phone that loads it. */
const MAX_SIDE = 4096

/**
 * Images an operator uploads for the fields they edit (promotion banners, logos, slides, game images). The type is
 * read from the bytes, never from the name or the declared type alone; SVG is refused (it can carry script). A file
 * is stored once under the hash of its bytes, so uploading it again, or by two operators, gives the same URL, and a
 * stored file never changes under a page that shows it.
 */
export function createMediaUploadService(deps: {
  db: Db
  clock: Clock
  siteRepository: Pick<SiteRepository, 'putMedia'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, siteRepository, auditRepository } = deps
  return {
    async uploadImage(actor: AuditActor, declaredType: string | undefined, body: Buffer): Promise<UploadedImage> {
      if (!UPLOAD_IMAGE_TYPES.includes(declaredType as UploadImageType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('IMAGE_TYPE_REFUSED'))
      if (body.length > MAX_UPLOAD_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', msg('IMAGE_TOO_LARGE'))
      const image = readImage(body)
      if (!image || image.contentType !== declaredType) throw new AppError('VALIDATION_FAILED', msg('IMAGE_UNREADABLE'))
      const digest = createHash('sha256').update(body).digest()
      const path = `uploads/${digest.toString('hex').slice(0, 32)}.${image.extension}`
      const uploaded: UploadedImage = { url: `/media/${path}`, content_type: image.contentType, bytes: body.length, width: image.width, height: image.height }
      const at = clock.now()
      await inTransaction(db, async (tx) => {
        await siteRepository.putMedia(tx, { path, contentType: image.contentType, body, etag: `"${digest.toString('base64url').slice(0, 22)}"`, updatedAt: at })
        await auditRepository.record(tx, { actor, action: 'media.upload', targetType: 'media', targetId: path, after: uploaded, at })
      })
      return uploaded
    },
  }
}
export type MediaUploadService = ReturnType<typeof createMediaUploadService>

/** The image's type and size from its bytes, or null for anything we do not take (SVG, a broken file, a huge one). */
function readImage(body: Buffer): { contentType: UploadImageType; extension: string; width: number; height: number } | null {
  try {
    const size = imageSize(body)
    const kind = size.type ? KINDS[size.type] : undefined
    if (!kind || !size.width || !size.height || size.width > MAX_SIDE || size.height > MAX_SIDE) return null
    return { ...kind, width: size.width, height: size.height }
  } catch {
    return null
  }
}
