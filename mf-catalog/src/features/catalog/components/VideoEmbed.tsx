/** An embedded player (the URL comes from `toEmbedUrl`): 250 px high on lists, 360 on details. */
export function VideoEmbed({
  src,
  title,
  height,
}: {
  src: string;
  title: string;
  height: 250 | 360;
}) {
  return (
    <div className="cat-video" style={{ height }}>
      <iframe
        src={src}
        title={title}
        width="100%"
        height={height}
        loading="lazy"
        allow="autoplay; fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
