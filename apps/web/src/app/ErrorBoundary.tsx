import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../shared/errorLog/capture.ts';
import { translate } from '../shared/i18n/index.ts';

interface Props {
  children: ReactNode;
  /** Changing it resets the boundary (e.g. the route path). */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** Render errors are logged to the local error log and shown with a retry instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { error: null, resetKey: props.resetKey };
    }
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError('render', error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    if (!this.state.error) {
      return this.props.children;
    }
    return (
      <div role="alert" className="render-error">
        <h2>{translate('errors.render')}</h2>
        <p>{translate('errors.renderDetail')}</p>
        <p className="render-error__message">{this.state.error.message}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          {translate('common.retry')}
        </button>{' '}
        <a href="/wel/index">{translate('errors.back')}</a>
      </div>
    );
  }
}
