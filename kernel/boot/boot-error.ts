/** A start-up refusal: the message says which plugin, which token, and what to do. */
export class BootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootError';
  }
}
