import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  bestDiscountFor,
  type CourseDetail,
  type DiscountDto,
  type ItemType,
} from '@circo/shared-contracts';
import { api, useCartStore, useLanguageStore, useSessionStore } from '@circo/shared-web';

/** `?renovar=course:<id>` (or formation): the renew link of an access reminder. */
const RENEW = /^(course|formation):([0-9a-fA-F-]{36})$/;

export type RenewState = 'idle' | 'adding' | 'failed';

/**
 * A reminder's renew link opens /pago-embed?renovar=<type>:<id>: once the visitor is signed in
 * (the login page brings them back here), the item is put in the cart (once: the cart keeps one
 * line per item) and the parameter leaves the address, so a reload adds nothing.
 */
export function useRenewLink(): RenewState {
  const [params, setParams] = useSearchParams();
  const raw = params.get('renovar');
  const session = useSessionStore((s) => s.status);
  const add = useCartStore((s) => s.add);
  const lang = useLanguageStore((s) => s.lang);
  const [state, setState] = useState<RenewState>('idle');

  useEffect(() => {
    if (!raw || session !== 'authenticated') return;
    const drop = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('renovar');
          return next;
        },
        { replace: true },
      );
    const match = RENEW.exec(raw);
    if (!match) {
      setState('failed');
      drop();
      return;
    }
    const type = match[1] as ItemType;
    const id = match[2].toLowerCase();
    let live = true;
    setState('adding');
    Promise.all([
      api<CourseDetail>(`/${type === 'course' ? 'courses' : 'formations'}/${id}`, {
        query: { lang },
      }),
      // the running vouchers, as the catalogue's add-to-cart shows them (none if they fail)
      api<DiscountDto[]>('/discounts/activos').catch(() => [] as DiscountDto[]),
    ])
      .then(([item, vouchers]) => {
        if (!live) return;
        const best = bestDiscountFor(
          { _id: item._id, type, price: item.price },
          vouchers,
          Date.now(),
        );
        add({
          _id: item._id,
          type,
          title: item.title,
          image: { es: item.image.es ?? '', en: item.image.en ?? '', fr: item.image.fr ?? '' },
          price: item.price,
          // shown until the server prices the payment with the vouchers running then
          discount: best
            ? { name: best.name, percentage: best.percentage, amount: best.amount }
            : null,
        });
        setState('idle');
        drop();
      })
      .catch(() => {
        if (!live) return;
        setState('failed');
        drop();
      });
    return () => {
      live = false;
    };
  }, [raw, session, add, lang, setParams]);

  return state;
}
