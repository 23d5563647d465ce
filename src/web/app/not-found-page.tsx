import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonClasses } from '../ui/button';

/** Any unknown path (docs/product/customer.md#global-screens). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses()}>
        Return to Home
      </Link>
    </main>
  );
}
