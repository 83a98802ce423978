import { Component, type ReactNode } from 'react';
import { Spinner } from '@circo/shared-web';
import { UnavailablePanel } from './UnavailablePanel';

interface Props {
  remote: string;
  /** Retry on its own (with a fresh load) instead of showing the panel: the first failure only. */
  autoRetry: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that throws while rendering inside its own area. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(
      `remote ${this.props.remote} failed while rendering${this.props.autoRetry ? '; loading it again once' : ''}`,
      error,
    );
    if (this.props.autoRetry) this.props.onRetry();
  }

  override render(): ReactNode {
    if (this.state.failed) {
      if (this.props.autoRetry) return <Spinner />;
      return (
        <UnavailablePanel
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
