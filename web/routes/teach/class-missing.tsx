import { Link } from 'react-router';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';

/** The page when the class cannot be shown: not found (or not the viewer's), or an error. */
export function ClassMissing({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">
            {missing ? 'Class not found' : 'The class could not be loaded'}
          </CardTitle>
          <p className="text-muted-foreground">
            {missing ? 'There is no such class among yours.' : errorMessage(error)}
          </p>
        </CardHeader>
        <Link to="/teach" className="underline">
          Your classes
        </Link>
      </Card>
    </div>
  );
}
