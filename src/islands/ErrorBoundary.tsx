/** Catches what an island throws while rendering and turns it into the app error (the seed's error screen). */
import { Component, type ReactNode } from 'react';
import { showAppError } from '../stores/appError.ts';

export default class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    showAppError({ status: 500, message: error instanceof Error ? error.message : String(error) });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
