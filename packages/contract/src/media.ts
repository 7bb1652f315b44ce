// What an operator may upload as an image: read by the server, which decides, and by the back-office's file picker,
// which answers at once. No zod here, so the web apps import it without the schema library.

/** The image types an operator may upload (SVG is not one: it can carry script). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number]

/** The largest image an operator may upload: 2 MiB. */
export const MAX_UPLOAD_IMAGE_BYTES = 2 * 1024 * 1024
