import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from './ItemImage';

/** The player's address, asked to start playing at once (YouTube and Vimeo both read it). */
export function autoplaying(src: string): string {
  const url = new URL(src);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * An embedded player (the URL comes from `toEmbedUrl`): 16:9 at the width of its column, at most
 * 250 px high on lists and 360 on details.
 * Until the visitor asks for it, a play button in the player's box stands in for it: the player
 * (a third party's page and code, which a phone would otherwise load and run with the page) loads
 * on that tap and starts playing, so watching still takes one tap. The item's image (`poster`),
 * if it has one, fills the box behind the button, as a player shows its video's first frame.
 */
export function VideoEmbed({
  src,
  title,
  height,
  poster,
  priority = false,
}: {
  src: string;
  title: string;
  height: 250 | 360;
  poster?: string;
  /** The poster is the page's largest image: fetched before the others. */
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  // the focus was on the button the player replaces
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  return (
    <div className="cat-video" style={{ maxHeight: height, maxWidth: (height * 16) / 9 }}>
      {playing ? (
        <iframe
          ref={player}
          src={autoplaying(src)}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          // a frame whose page fails to load can drop the focus on the way: take it back
          onLoad={(e) => {
            if (document.activeElement === document.body) e.currentTarget.focus();
          }}
        />
      ) : (
        <button
          type="button"
          className="cat-video__play"
          data-testid="play-video"
          onClick={() => setPlaying(true)}
        >
          {poster && (
            <ItemImage className="cat-video__poster" src={poster} alt="" priority={priority} />
          )}
          <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.85" />
            <path d="M10 8v8l6-4z" fill="#1d1418" />
          </svg>
          <span className="visually-hidden">{t('common.playVideo', { title })}</span>
        </button>
      )}
    </div>
  );
}
