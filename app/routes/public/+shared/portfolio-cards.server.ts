import type { listPublicPortfolioOnce } from '~/services/portfolio.server.ts'
import { pictureInfo, type ImageStore } from '~/services/uploads.server.ts'

/**
 * Projects as the public cards show them (the home page and /portfolio): what a card reads, with
 * its cover's widths and formats when the cover is an upload.
 */
export async function portfolioCards(images: ImageStore, items: Awaited<ReturnType<typeof listPublicPortfolioOnce>>) {
  const pictures = await pictureInfo(images, items.map((i) => i.image))
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
