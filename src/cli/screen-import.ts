// Loading a screen's module (React, Ink) without Node's fetch in sight. yoga-layout (Ink's layout engine) loads its
// wasm, inlined as a data: URL, through fetch whenever a global fetch exists; in Node 20 the first touch of fetch loads
// undici, and fetching the data URL through it cost the first frame ~20 ms. Without fetch, yoga decodes the URL itself.
// distill fetches nothing; fetch is back as it was once the module has loaded.

/** Runs `load` (a dynamic import of a screen) with the global fetch hidden, and restores it. */
export async function importScreen<T>(load: () => Promise<T>): Promise<T> {
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch'); // the descriptor: reading fetch would load undici
  const hide = fetch?.configurable === true;
  if (hide) Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return await load();
  } finally {
    if (hide) Object.defineProperty(globalThis, 'fetch', fetch);
  }
}
