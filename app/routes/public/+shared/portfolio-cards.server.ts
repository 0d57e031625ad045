import type { listPublicPortfolioOnce } from '~/services/portfolio.server.ts'
import type { ImageStore } from '~/services/image-store.server.ts'
import { pictureInfo } from '~/services/image-variants.server.ts'

/**
 * Projects as the public cards show them (the home page and /portfolio): what a card reads, with
 * its cover's widths and formats when the cover is an upload.
 */
export async function portfolioCards(images: ImageStore, items: Awaited<ReturnType<typeof listPublicPortfolioOnce>>) {
  const pictures = await pictureInfo(
    images,
    items.map((i) => i.image),
  )
  return items.map(({ id, slug, title, description, category, image, imageAlt, technologies, isLive, liveUrl }) => ({
    id,
    slug,
    title,
    description,
    category,
    image,
    imageAlt,
    picture: pictures[image] ?? null,
    technologies,
    isLive,
    liveUrl,
  }))
}
