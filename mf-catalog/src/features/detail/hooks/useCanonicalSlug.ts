import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { slugOrDefault, type ItemType } from '@circo/shared-contracts';
import { DETAIL_BASE } from '../../catalog/paths';

/**
 * The slug is the title's slug in the current language (spec section 2): a missing or different
 * slug in the address is replaced, without a new history entry. `title` null: not known yet.
 */
export function useCanonicalSlug(kind: ItemType, title: string | null): void {
  const { id, slug } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (title === null || !id) return;
    const correct = slugOrDefault(title);
    if (slug === correct) return;
    void navigate(
      { pathname: `${DETAIL_BASE[kind]}/${encodeURIComponent(id)}/${correct}`, search, hash },
      { replace: true },
    );
  }, [kind, id, slug, title, search, hash, navigate]);
}
