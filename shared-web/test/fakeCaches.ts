// The browser's Cache Storage (`caches`), which jsdom lacks, kept in memory: named caches of
// responses by URL. It stands in for the browser, never for our own modules.

export class FakeCache {
  readonly entries = new Map<string, Response>();

  private static keyOf(req: RequestInfo | URL): string {
    return typeof req === 'object' && 'url' in req ? req.url : String(req);
  }

  put(req: RequestInfo | URL, res: Response): Promise<void> {
    this.entries.set(FakeCache.keyOf(req), res);
    return Promise.resolve();
  }

  match(req: RequestInfo | URL): Promise<Response | undefined> {
    return Promise.resolve(this.entries.get(FakeCache.keyOf(req)));
  }

  delete(req: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(FakeCache.keyOf(req)));
  }

  keys(): Promise<Array<{ url: string }>> {
    return Promise.resolve([...this.entries.keys()].map((url) => ({ url })));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  open(name: string): Promise<FakeCache> {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache());
    return Promise.resolve(this.caches.get(name)!);
  }

  has(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.has(name));
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name));
  }
}

/** A new, empty Cache Storage installed as the page's `caches` (one per test). */
export function installFakeCaches(): FakeCacheStorage {
  const storage = new FakeCacheStorage();
  Object.assign(globalThis, { caches: storage });
  return storage;
}
