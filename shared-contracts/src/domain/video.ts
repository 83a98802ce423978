// Only Vimeo numeric-id links, YouTube watch/embed links and youtu.be short links can be shown
// as an embedded player, and they must resolve to https (storefront spec 5, admin spec 5).

/**
 * Message key for a link that cannot be embedded. Spanish text in the spec:
 * "El enlace no es válido o no se puede mostrar como video embebido."
 */
export const VIDEO_LINK_ERROR = 'videoLinkInvalid' as const;
export type VideoLinkMessageKey = typeof VIDEO_LINK_ERROR;

const VIMEO_ID = /^\d+$/;
// Real YouTube ids are 11 characters; any id of the same alphabet is accepted, which is enough to
// keep anything but an id out of the embed URL.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

// A link typed without a scheme ("youtu.be/abc") is read as https; an explicit http:// or any
// other scheme is rejected, because the page is served over https.
function parseHttps(link: string): URL | null {
  const trimmed = link.trim();
  if (!trimmed) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  if (hasScheme && !/^https:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(hasScheme ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`);
    // Credentials or a port are never part of a genuine share link.
    if (url.username || url.password || url.port) return null;
    return url;
  } catch {
    return null;
  }
}

function vimeoEmbed(id: string, hash: string | null): string {
  // Unlisted videos need their privacy hash (vimeo.com/{id}/{hash} or ?h=) to play.
  const h = hash && /^[0-9a-f]+$/i.test(hash) ? `?h=${hash}` : '';
  return `https://player.vimeo.com/video/${id}${h}`;
}

function fromVimeo(url: URL, parts: string[]): string | null {
  if (url.hostname === 'player.vimeo.com') {
    return parts[0] === 'video' && parts.length === 2 && VIMEO_ID.test(parts[1])
      ? vimeoEmbed(parts[1], url.searchParams.get('h'))
      : null;
  }
  // vimeo.com/{id}, vimeo.com/{id}/{hash}, vimeo.com/channels/{name}/{id}
  if (VIMEO_ID.test(parts[0] ?? '') && parts.length <= 2)
    return vimeoEmbed(parts[0], parts[1] ?? url.searchParams.get('h'));
  if (parts[0] === 'channels' && parts.length === 3 && VIMEO_ID.test(parts[2]))
    return vimeoEmbed(parts[2], null);
  return null;
}

function fromYoutube(url: URL, parts: string[]): string | null {
  let id: string | null = null;
  if (url.hostname === 'youtu.be' || url.hostname === 'www.youtu.be')
    id = parts.length === 1 ? parts[0] : null;
  else if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts.length === 2 && parts[0] === 'embed') id = parts[1];
  // Shorts, live, playlists and channels are not embeddable per the spec.
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
}

/**
 * The https player URL for an embeddable link, or null:
 * Vimeo -> https://player.vimeo.com/video/{id}, YouTube -> https://www.youtube.com/embed/{id}.
 * Start times, playlists and other query parameters are dropped.
 */
export function toEmbedUrl(link: string | null | undefined): string | null {
  if (typeof link !== 'string') return null;
  const url = parseHttps(link);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com' || VIMEO_HOSTS.has(host)) return fromVimeo(url, parts);
  if (YOUTUBE_HOSTS.has(host) || host === 'youtu.be' || host === 'www.youtu.be')
    return fromYoutube(url, parts);
  return null;
}

export function isEmbeddableVideo(link: string | null | undefined): boolean {
  return toEmbedUrl(link) !== null;
}

/** For an optional video-link field: blank is fine, anything else must be embeddable. */
export function validateVideoLink(link: string | null | undefined): VideoLinkMessageKey | null {
  if (!link || !link.trim()) return null;
  return isEmbeddableVideo(link) ? null : VIDEO_LINK_ERROR;
}
