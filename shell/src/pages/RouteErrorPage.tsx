import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The generic fallback for unhandled routing errors (spec: "Unexpected Application Error!"). */
export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--center" role="alert" data-testid="route-error">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <a href="/" className="btn btn--primary">
        {t('routeError.back')}
      </a>
    </section>
  );
}

interface Props {
  /** The address on view: moving to another one tries its page again. */
  pathname: string;
  children: ReactNode;
}

/** Shows RouteErrorPage instead of a part of the page that throws while rendering. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
