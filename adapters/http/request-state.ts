import type { Response } from 'express';

/** Per-request values the adapter keeps on `res.locals`. */
interface AdapterLocals {
  requestId?: string;
  /** Methods of the declared routes whose path matched, for 405. */
  allowedMethods?: Set<string>;
}

function locals(res: Response): AdapterLocals {
  return res.locals as AdapterLocals;
}

export function setRequestId(res: Response, requestId: string): void {
  locals(res).requestId = requestId;
}

export function requestIdOfResponse(res: Response): string {
  return locals(res).requestId ?? '';
}

export function allowMethods(res: Response, methods: readonly string[]): void {
  const state = locals(res);
  state.allowedMethods ??= new Set<string>();
  for (const method of methods) state.allowedMethods.add(method);
}

export function allowedMethodsOf(res: Response): string[] {
  return [...(locals(res).allowedMethods ?? [])];
}
