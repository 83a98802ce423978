import { Component, type ReactNode } from 'react';
import { Spinner } from '@circo/shared-web';
import { UnavailablePanel } from './UnavailablePanel';

/** A remote whose code could not be loaded (down, hanging, not in /remotes.json). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    override readonly cause: unknown,
  ) {
    super(`remote ${remote} could not be loaded`);
  }
}

interface Props {
  remote: string;
  /** Retry on its own (with a fresh load) instead of showing the panel: the first failure only. */
  autoRetry: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Keeps a remote that cannot be loaded, or throws while rendering, inside its own area: the
 * "section unavailable" panel (a render failure is loaded afresh once first).
 */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean; loading: boolean }> {
  override state = { failed: false, loading: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean; loading: boolean } {
    return { failed: true, loading: error instanceof RemoteLoadError };
  }

  override componentDidCatch(error: unknown): void {
    if (error instanceof RemoteLoadError) {
      console.error(error.message, error.cause);
      return;
    }
    console.error(
      `remote ${this.props.remote} failed while rendering${this.props.autoRetry ? '; loading it again once' : ''}`,
      error,
    );
    if (this.props.autoRetry) this.props.onRetry();
  }

  override render(): ReactNode {
    if (this.state.failed) {
      if (this.props.autoRetry && !this.state.loading) return <Spinner />;
      return (
        <UnavailablePanel
          onRetry={() => {
            this.setState({ failed: false, loading: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
