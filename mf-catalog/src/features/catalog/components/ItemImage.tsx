/** Intrinsic size of every catalogue image: 16:9, so the box is reserved before it loads. */
export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 360;

/** A lazy image with explicit size, or a drawn placeholder when the item has none. */
export function ItemImage({
  src,
  alt,
  className = 'cat-media',
  eager = false,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  /** The page's largest image: fetched before the others. */
  priority?: boolean;
}) {
  if (!src) {
    return (
      <div className={`${className} media-placeholder cat-media--placeholder`} aria-hidden="true">
        <span>◎</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
