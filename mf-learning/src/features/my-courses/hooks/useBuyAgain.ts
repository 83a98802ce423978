import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathTo, ROUTES, type MyItem } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';

const CHECKOUT = ROUTES.find((r) => r.id === 'checkout')!.path;

/** "Buy again": adds the item to the shared cart unless it is there, then goes to /pago-embed. */
export function useBuyAgain(): (item: MyItem) => void {
  const add = useCartStore((s) => s.add);
  const navigate = useNavigate();
  return useCallback(
    (item: MyItem) => {
      add({
        _id: item._id,
        type: item.type,
        title: item.title,
        image: { es: item.image.es ?? '', en: item.image.en ?? '', fr: item.image.fr ?? '' },
        price: item.price,
        discount: null,
      });
      void navigate(pathTo(CHECKOUT));
    },
    [add, navigate],
  );
}
