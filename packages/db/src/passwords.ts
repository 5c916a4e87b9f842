import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane).
 * hash-wasm is WebAssembly, so the same code runs on Node and Deno.
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = new Uint8Array(16);
  crypto.getRandomValues(salt);
  return argon2id({ ...PARAMS, password, salt, outputType: 'encoded' });
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encoded });
  } catch {
    return false;
  }
}
