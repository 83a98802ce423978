import { Component, type ReactNode } from 'react';
import { UnavailablePanel } from './UnavailablePanel';

interface Props {
  remote: string;
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
    console.error(`remote ${this.props.remote} failed while rendering`, error);
  }

  override render(): ReactNode {
    if (this.state.failed) {
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
