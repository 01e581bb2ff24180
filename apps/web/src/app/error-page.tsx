import { Component, type ReactNode } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n';
import { NOT_FOUND_MESSAGE } from './guards';

/** The English text of shell:errorPage.failed (the one shown follows the language). */
export const ERROR_PAGE_FAILED = 'An error occurred while showing the error page';

interface ErrorInfo {
  status: number;
  message: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Status from the error or its response (default 500); message from the error or 'Error'. */
export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText || 'Error';
    return { status: error.status, message: error.status === 404 ? NOT_FOUND_MESSAGE : message };
  }
  let status = 500;
  if (isRecord(error)) {
    if (typeof error.status === 'number') status = error.status;
    else if (typeof error.statusCode === 'number') status = error.statusCode;
    else if (isRecord(error.response) && typeof error.response.status === 'number') status = error.response.status;
  }
  const message = error instanceof Error || isRecord(error) ? (error as { message?: unknown }).message : undefined;
  return {
    status,
    message: status === 404 ? NOT_FOUND_MESSAGE : typeof message === 'string' && message ? message : 'Error',
  };
}

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const described = describeError(error);
  const { status } = described;
  // The router's own texts are English: the 404 and the bare 'Error' are shown in the language.
  const message =
    status === 404 ? t('errorPage.notFound') : described.message === 'Error' ? t('errorPage.error') : described.message;
  return (
    <main className="error-page" data-testid="error-page" data-status={status}>
      <div className="error-page__box">
        <div className="error-page__status">{status}</div>
        <h1 className="error-page__message">{message}</h1>
        {status === 404 ? (
          <Link to="/" className="btn btn-primary">
            {t('errorPage.backHome')}
          </Link>
        ) : (
          <a href="/" className="btn btn-outline-primary">
            {t('errorPage.home')}
          </a>
        )}
      </div>
    </main>
  );
}

/** The failure text in the language, or in English when the texts themselves are not there. */
function failedText(): string {
  try {
    return i18n.exists('shell:errorPage.failed') ? i18n.t('shell:errorPage.failed') : ERROR_PAGE_FAILED;
  } catch {
    return ERROR_PAGE_FAILED;
  }
}

/** Last line of defence: the error page itself failed. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(): void {
    // Nothing to report to: the fallback below is the whole answer.
  }
  override render() {
    if (this.state.failed) {
      return (
        <main className="error-page" data-testid="error-page" data-status={500}>
          <h1 className="error-page__message">{failedText()}</h1>
        </main>
      );
    }
    return this.props.children;
  }
}

export function ErrorPage() {
  const error = useRouteError();
  return (
    <ErrorPageBoundary>
      <ErrorView error={error} />
    </ErrorPageBoundary>
  );
}
