import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { CartPage } from '../pages/CartPage';
import { CheckoutPage } from '../pages/CheckoutPage';
import { PaymentSuccessPage } from '../pages/PaymentSuccessPage';
import '../checkout.css';

addTranslations('checkout', { es, en, fr });

type Page = PageOf<'mf_checkout'>;

const pages: Record<Page, ComponentType> = {
  cart: CartPage,
  checkout: CheckoutPage,
  paymentSuccess: PaymentSuccessPage,
};

/** The one root this remote exposes: renders the page the shell's route asks for. */
export default function App({ page }: { page: string }) {
  const Page = pages[page as Page];
  return (
    <div className="remote" data-remote="mf_checkout" data-page={page}>
      {Page ? <Page /> : null}
    </div>
  );
}
