import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a crash anywhere in a page and offers to render it again. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (props: { error: Error; tryAgain: () => void }) => ReactNode },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('docgen: the page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback({ error: this.state.error, tryAgain: () => this.setState({ error: null }) });
    return this.props.children;
  }
}
