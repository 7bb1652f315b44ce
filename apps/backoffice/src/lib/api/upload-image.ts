import type { siteContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiRequest } from '../api-client.ts'

export type UploadedImage = ResponseData<typeof siteContract.uploadMedia>

/**
 * `POST /backoffice/media`: the file itself is the body, with its own type; the answer is where Sanam serves it. In
 * lib because every editor with an image field uses it (through `ImageField`).
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  return apiRequest('/backoffice/media', { method: 'POST', body: file })
}
