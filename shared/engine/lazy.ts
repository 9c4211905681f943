/**
 * A value made on its first use, then kept. The zod schemas of the games and of the HTTP API are built this
 * way: building them all at import was ≈ 8 ms of every API cold start (infra/README.md), and a request needs
 * only its own. The same object is returned every time, so a schema is built once however it is reached.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    if (!made) made = { value: make() };
    return made.value;
  };
}
