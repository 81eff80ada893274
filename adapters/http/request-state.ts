import type { Response } from 'express';

/** Per-request routing state the REST adapter keeps on `res.locals` (the request id: edge/request-id.ts). */
interface AdapterLocals {
  /** Methods of the declared routes whose path matched, for 405. */
  allowedMethods?: Set<string>;
}

function locals(res: Response): AdapterLocals {
  return res.locals as AdapterLocals;
}

export function allowMethods(res: Response, methods: readonly string[]): void {
  const state = locals(res);
  state.allowedMethods ??= new Set<string>();
  for (const method of methods) state.allowedMethods.add(method);
}

export function allowedMethodsOf(res: Response): string[] {
  return [...(locals(res).allowedMethods ?? [])];
}
