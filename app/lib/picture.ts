/**
 * What a page needs to show an uploaded picture responsively (docs/decisions/022): its size, for
 * width/height so nothing moves while it loads, and the widths of its smaller WebP copies and of
 * its AVIF copies. Made by pictureInfo() in app/services/image-variants.server.ts; the URLs follow from
 * the original's: `/uploads/<hex>.webp` has `/uploads/<hex>-480.webp`, `/uploads/<hex>-480.avif`...
 */
export type PictureInfo = { width: number; height: number; webp: number[]; avif: number[] }

/** Cards in the blog and portfolio grids: one column on phones, two from 640 px, three from 1024 px in a 1280 px container. */
export const CARD_SIZES =
  '(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 80px) / 2), calc(100vw - 32px)'
/** A post's cover: the 768 px article column. */
export const ARTICLE_SIZES = '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)'

const variantUrl = (src: string, width: number, ext: 'webp' | 'avif') => src.replace(/\.webp$/, `-${width}.${ext}`)

/** `srcset` of the WebP copies, the original (the largest) last. */
export function webpSrcSet(src: string, p: PictureInfo): string {
  return [...p.webp.map((w) => `${variantUrl(src, w, 'webp')} ${w}w`), `${src} ${p.width}w`].join(', ')
}

/** `srcset` of the AVIF copies ('' when none could be made). */
export function avifSrcSet(src: string, p: PictureInfo): string {
  return p.avif.map((w) => `${variantUrl(src, w, 'avif')} ${w}w`).join(', ')
}
