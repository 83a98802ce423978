/** Previous / "page N of M" / next under a paged list, shown only when there is more than one page. */
export function Pager({
  page,
  pages,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: { label: string; previous: string; current: string; next: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label={texts.label}>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {texts.previous}
      </button>
      <span>{texts.current}</span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {texts.next}
      </button>
    </nav>
  );
}
