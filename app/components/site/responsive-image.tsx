import { avifSrcSet, webpSrcSet, type PictureInfo } from '~/lib/picture.ts'

/**
 * A picture that fits every screen (docs/decisions/022). For an upload with its variants
 * (`picture`), a <picture> offering AVIF then WebP in several widths, the browser picking by
 * `sizes` and the screen's density; anything else (files in public/, https URLs, uploads whose
 * variants are not made yet) is a plain <img>. Always width/height (the upload's own, else the
 * caller's) so the page does not move while it loads.
 * `priority` is for the one picture above the fold (loaded at once, fetched first); the others
 * load lazily as they come near the screen.
 */
export function ResponsiveImage({
  src,
  alt,
  picture,
  width,
  height,
  sizes,
  priority = false,
  className,
}: {
  src: string
  /** '' for a decorative picture. */
  alt: string
  picture?: PictureInfo | null
  /** Used when the picture's own size is not known (not an upload). */
  width: number
  height: number
  sizes: string
  priority?: boolean
  className?: string
}) {
  const loading = priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const)
  if (!picture) return <img src={src} alt={alt} width={width} height={height} {...loading} className={className} />
  const avif = avifSrcSet(src, picture)
  return (
    <picture className="contents">
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        src={src}
        srcSet={webpSrcSet(src, picture)}
        sizes={sizes}
        alt={alt}
        width={picture.width}
        height={picture.height}
        {...loading}
        className={className}
      />
    </picture>
  )
}

/** The shape of each kind of cover: a post's is the Open Graph card's (1200 × 630), a project's 3:2. */
const COVERS = {
  post: { height: 630, aspect: 'aspect-[40/21]' },
  project: { height: 800, aspect: 'aspect-[3/2]' },
} as const

/** A post's or a project's cover, full width at its kind's shape, on a grey ground while it loads. */
export function CoverImage({
  kind,
  className,
  ...image
}: { kind: keyof typeof COVERS } & Omit<Parameters<typeof ResponsiveImage>[0], 'width' | 'height'>) {
  const { height, aspect } = COVERS[kind]
  const classes = [className, aspect, 'w-full bg-ink-100 object-cover'].filter(Boolean).join(' ')
  return <ResponsiveImage {...image} width={1200} height={height} className={classes} />
}
