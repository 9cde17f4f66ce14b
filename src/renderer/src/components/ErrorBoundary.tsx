import { Component, type ErrorInfo, type ReactNode } from 'react'
import { FatalScreen } from './FatalScreen'

interface State {
  error: Error | null
}

/** A render crash shows the fatal screen with its message instead of a blank window. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack)
  }

  override render(): ReactNode {
    if (this.state.error) return <FatalScreen reason={{ kind: 'crash', message: this.state.error.message }} />
    return this.props.children
  }
}
