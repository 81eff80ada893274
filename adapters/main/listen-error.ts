import { BootError } from '../../kernel/boot/boot-error.js';

/**
 * A failure to listen, as one line that says what to change: the port is
 * taken, or binding it needs privileges. Other errors are returned as they are.
 */
export function listenError(error: unknown, port: number, host: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return new BootError(`Port ${port} is already in use (${where}): stop the process using it, or set PORT to a free port.`);
  }
  if (code === 'EACCES') {
    return new BootError(`Not allowed to listen on ${where}: ports below 1024 need privileges; set PORT to 1024 or above.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new BootError(`Cannot listen on ${where}: this machine has no such address; set HOST (0.0.0.0 listens on every address).`);
  }
  return error;
}
