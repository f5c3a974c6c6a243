/** Shown while the first screen's code loads: a black page with a quiet status line. */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <p role="status" className="animate-pulse text-2xl text-muted-foreground">
        Loading...
      </p>
    </div>
  );
}
