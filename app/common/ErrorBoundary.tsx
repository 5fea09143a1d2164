import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage';

interface Props {
  readonly title: string;
  /** Changing this key clears a caught error (e.g. the selected variable). */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

interface State {
  readonly error: unknown;
  readonly key: unknown;
}

/** Keeps a failing panel's error inside the panel; the rest of the app stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { key: props.resetKey, error: null } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <ErrorMessage
          error={this.state.error}
          title={`${this.props.title} failed`}
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    return this.props.children;
  }
}
