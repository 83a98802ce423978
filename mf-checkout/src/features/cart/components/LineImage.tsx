/** The item's picture (current language, else Spanish), or a drawn placeholder. */
export function LineImage({ src }: { src: string }) {
  if (!src) {
    return (
      <div
        className="co-line__image media-placeholder co-line__image--placeholder"
        aria-hidden="true"
      >
        <span>◎</span>
      </div>
    );
  }
  // the title beside it names the item: the picture is decoration
  return <img className="co-line__image" src={src} alt="" width={160} height={90} loading="lazy" />;
}
